import type { FactJson } from '../../../../verify/bundle-format.ts';
import type { SqlExecutor } from '../db/sql-database.ts';
import { insertRows } from '../table.ts';
import { FACT_PROOFS } from './proof-store.ts';

// Each fact's proof as the archive keeps it: the evidence that ties a record to a verified header,
// or why there is none; read by subject and key, by a key's prefix (a proposal's votes), by voter,
// and counted per kind for the status.

export interface FactProof {
  subject: string;
  subjectKey: string;
  height: bigint | null;
  verified: boolean;
  recordVersion: string;
  evidence: FactJson | null;
  reason: string | null;
}

/** A turn's proofs in one statement (a fact proven twice in it keeps its last proof). */
export async function saveFactProofs(db: SqlExecutor, proofs: readonly FactProof[]): Promise<void> {
  const latest = new Map(proofs.map((proof) => [`${proof.subject}\u0000${proof.subjectKey}`, proof]));
  await insertRows(
    db,
    FACT_PROOFS,
    [...latest.values()].map((proof) => [
      proof.subject,
      proof.subjectKey,
      proof.height === null ? null : String(proof.height),
      proof.verified,
      proof.recordVersion,
      proof.evidence === null ? null : JSON.stringify(proof.evidence),
      proof.reason,
    ]),
    {
      conflict: `ON CONFLICT (subject, subject_key) DO UPDATE SET height = EXCLUDED.height, verified = EXCLUDED.verified,
         record_version = EXCLUDED.record_version, evidence = EXCLUDED.evidence, reason = EXCLUDED.reason`,
    },
  );
}

interface FactRow {
  subject: string;
  subject_key: string;
  height: string | null;
  verified: boolean;
  record_version: string;
  evidence: string | null;
  reason: string | null;
  [column: string]: unknown;
}

const factOf = (row: FactRow): FactProof => ({
  subject: row.subject,
  subjectKey: row.subject_key,
  height: row.height === null ? null : BigInt(row.height),
  verified: row.verified,
  recordVersion: row.record_version,
  evidence: row.evidence === null ? null : (JSON.parse(row.evidence) as FactJson),
  reason: row.reason,
});

export async function factProofs(db: SqlExecutor, subject: string, keys: readonly string[]): Promise<FactProof[]> {
  if (keys.length === 0) return [];
  const rows = await db.query<FactRow>(
    'SELECT * FROM fact_proofs WHERE subject = $1 AND subject_key = ANY($2::text[])',
    [subject, `{${keys.map((key) => `"${key.replace(/["\\]/g, '\\$&')}"`).join(',')}}`],
  );
  return rows.map(factOf);
}

export async function factProofsWithPrefix(
  db: SqlExecutor,
  subject: string,
  prefix: string,
  page: { offset: number; limit: number } = { offset: 0, limit: 1_000_000 },
): Promise<FactProof[]> {
  const rows = await db.query<FactRow>(
    `SELECT * FROM fact_proofs WHERE subject = $1 AND subject_key >= $2 AND subject_key < $2 || chr(1114111)
     ORDER BY subject_key LIMIT $3 OFFSET $4`,
    [subject, prefix, String(page.limit), String(page.offset)],
  );
  return rows.map(factOf);
}

/** How many facts of `subject` have keys beginning with `prefix` (a bundle's page count). */
export async function factCountWithPrefix(db: SqlExecutor, subject: string, prefix: string): Promise<number> {
  const [row] = await db.query<{ count: string }>(
    `SELECT count(*)::text AS count FROM fact_proofs WHERE subject = $1 AND subject_key >= $2 AND subject_key < $2 || chr(1114111)`,
    [subject, prefix],
  );
  return Number(row?.count ?? 0);
}

/**
 * How many facts of each subject are proven, and how many are held without proof. A membership
 * counts while it lasts: the proof of a member who has left is of a record the chain no longer holds.
 */
export async function proofTotals(db: SqlExecutor): Promise<Record<string, { proven: string; unproven: string }>> {
  const rows = await db.query<{ subject: string; proven: string; unproven: string }>(
    `SELECT subject, count(*) FILTER (WHERE verified)::text AS proven, count(*) FILTER (WHERE NOT verified)::text AS unproven
     FROM fact_proofs f
     WHERE f.subject <> 'member' OR EXISTS (
       SELECT 1 FROM group_members m
       WHERE m.group_id = split_part(f.subject_key, '/', 1)::numeric AND m.address = split_part(f.subject_key, '/', 2))
     GROUP BY subject ORDER BY subject`,
  );
  return Object.fromEntries(rows.map((row) => [row.subject, { proven: row.proven, unproven: row.unproven }]));
}

/** Signed headers at these heights (the bundle walks from each to the trust root by `parent`). */

/** A voter's vote proofs in key order, `limit` of them after `offset` (its bundle's pages). */
export async function voterFactProofs(
  db: SqlExecutor,
  voter: string,
  page: { offset: number; limit: number } = { offset: 0, limit: 1_000_000 },
): Promise<FactProof[]> {
  const rows = await db.query<FactRow>(
    `SELECT * FROM fact_proofs WHERE subject = 'vote' AND split_part(subject_key, '/', 2) = $1
     ORDER BY subject_key LIMIT $2 OFFSET $3`,
    [voter, String(page.limit), String(page.offset)],
  );
  return rows.map(factOf);
}

/** How many vote proofs a voter has (its bundle's page count). */
export async function voterFactCount(db: SqlExecutor, voter: string): Promise<number> {
  const [row] = await db.query<{ count: string }>(
    `SELECT count(*)::text AS count FROM fact_proofs WHERE subject = 'vote' AND split_part(subject_key, '/', 2) = $1`,
    [voter],
  );
  return Number(row?.count ?? 0);
}

/** The most votes the proven vote sets in one voter's bundle may hold (each set is every vote). */
export const VOTER_RECORD_VOTES = 5000;

/**
 * Proposals of the groups a voter has belonged to whose complete vote set (and member set, in the
 * same state) is proven, newest first, up to VOTER_RECORD_VOTES votes in all: what shows the
 * voter's votes and proven non-votes. The verifier counts only those it was a member for.
 */
export async function voterRecordRangeIds(db: SqlExecutor, voter: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `WITH ranges AS (
       SELECT f.subject_key AS id,
         coalesce(nullif(regexp_replace(f.record_version, '^final:', ''), ''), '0')::numeric AS votes
       FROM fact_proofs f JOIN proposals p ON p.id::text = f.subject_key
       WHERE f.subject = 'vote-range' AND f.verified
         AND p.group_id IN (SELECT DISTINCT h.group_id FROM group_history h WHERE h.address = $1)
     ), counted AS (
       SELECT id, sum(votes) OVER (ORDER BY id::numeric DESC) AS running FROM ranges
     )
     SELECT id FROM counted WHERE running <= $2 ORDER BY id::numeric DESC`,
    [voter, String(VOTER_RECORD_VOTES)],
  );
  return rows.map((row) => row.id);
}
