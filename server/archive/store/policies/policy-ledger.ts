import type { SqlExecutor, SqlValue } from '../db/sql-database.ts';
import { keysetPage, type PageParams } from '../keyset-page.ts';
import { arrayLiteral, column, insertRows, type Table } from '../table.ts';

// Every transfer in and out of a group policy, from the blocks' x/bank transfer events, each with
// the proposal whose execution made it: the policy's ledger, in the order the chain made them.

export const POLICY_TRANSFERS: Table = {
  name: 'policy_transfers',
  columns: [
    column('policy', 'text'),
    column('height', 'numeric(20)'),
    column('seq', 'integer'),
    column('block_time', 'text'),
    /** `out` of the policy, or `in` to it. */
    column('direction', 'text'),
    column('counterparty', 'text'),
    /** As the event writes it: `500stake`, several coins joined by commas. */
    column('amount', 'text'),
    column('proposal_id', 'numeric(20)', { nullable: true }),
    column('tx_hash', 'text', { nullable: true }),
  ],
  // A policy sending to itself has both an out and an in row of one transfer.
  primaryKey: ['policy', 'height', 'seq', 'direction'],
  indexes: ['CREATE INDEX policy_transfers_by_height ON policy_transfers (height)'],
  since: 15,
  history: true,
};

export interface LedgerEntry {
  policy: string;
  height: bigint;
  seq: number;
  time: string;
  direction: 'in' | 'out';
  counterparty: string;
  amount: string;
  proposalId: string | null;
  txHash: string | null;
}

/** Which of these addresses are group policies the archive knows. */
export async function knownPolicies(db: SqlExecutor, addresses: readonly string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db.query<{ address: string }>('SELECT address FROM policies WHERE address = ANY($1::text[])', [
    arrayLiteral(addresses),
  ]);
  return new Set(rows.map((row) => row.address));
}

export async function writeLedger(tx: SqlExecutor, entries: readonly LedgerEntry[]): Promise<void> {
  const rows: SqlValue[][] = entries.map((entry) => [
    entry.policy,
    String(entry.height),
    String(entry.seq),
    entry.time,
    entry.direction,
    entry.counterparty,
    entry.amount,
    entry.proposalId,
    entry.txHash,
  ]);
  if (rows.length > 0) await insertRows(tx, POLICY_TRANSFERS, rows, { conflict: 'ON CONFLICT DO NOTHING' });
}

/** A page of a policy's ledger, oldest first (or newest first). */
export function readLedger(db: SqlExecutor, policy: string, descending: boolean, page: PageParams) {
  return keysetPage(
    db,
    {
      sql: `SELECT height::text AS height, seq, block_time, direction, counterparty, amount,
              proposal_id::text AS proposal_id, tx_hash FROM policy_transfers WHERE policy = $1`,
      params: [policy],
    },
    // Qualified: ORDER BY an output name would sort the text the query gives out ("1000" before "999").
    {
      columns: ['policy_transfers.height', 'policy_transfers.seq', 'policy_transfers.direction'],
      descending,
      keyOf: (row) => [String(row.height), String(row.seq), String(row.direction)],
    },
    page,
  );
}
