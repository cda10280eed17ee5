import type { SqlExecutor } from '../db/sql-database.ts';

// Which policies' balances to prove next: those never proven, those a transfer touched at or after
// the state last proven, and those proven long ago (a balance moves by more than the transfers a
// ledger sees: fees, genesis funds, an upgrade's migration), so the proven treasury stays recent.

/** Heights after which a policy's proven balances are proven again, whether or not a transfer touched them. */
export const BALANCE_REFRESH_HEIGHTS = 1000n;

export async function balancesToProve(db: SqlExecutor, tip: bigint, limit: number): Promise<string[]> {
  const rows = await db.query<{ address: string }>(
    `SELECT p.address FROM policies p
     LEFT JOIN fact_proofs f ON f.subject = 'balance-range' AND f.subject_key = p.address
     WHERE p.updated_height < $1 AND (
       f.subject_key IS NULL
       OR f.height < $1::numeric - $3::numeric
       OR EXISTS (SELECT 1 FROM policy_transfers t WHERE t.policy = p.address AND t.height > f.height AND t.height < $1))
     ORDER BY f.height NULLS FIRST, p.address LIMIT $2`,
    [String(tip), String(limit), String(BALANCE_REFRESH_HEIGHTS)],
  );
  return rows.map((row) => row.address);
}
