import type { FactJson, TrustRootJson } from '../../../../verify/bundle-format.ts';
import type { CommitJson } from '../../../../verify/commit.ts';
import type { HeaderJson } from '../../../../verify/header.ts';
import type { ValidatorJson } from '../../../../verify/validator-set.ts';
import type { SqlExecutor } from '../db/sql-database.ts';
import { column, insertRows, type Table } from '../table.ts';

// What proves the archive's records: the headers its light client verified (with the commit and
// the validator set that signed each; sets kept once by hash), and for each fact the evidence
// that ties it to a verified header — or why there is none. Evidence is stored as the bundle
// format writes it, so a bundle is assembled, never recomputed.

export const PROOF_HEADERS: Table = {
  name: 'proof_headers',
  columns: [
    column('height', 'numeric(20)'),
    column('hash', 'text'),
    column('header', 'text'),
    // Null for a header proven by the hash link from the one above (no signatures checked).
    column('commit', 'text', { nullable: true }),
    column('validators_hash', 'text', { nullable: true }),
    // The verified header this one was proven from (null: the trust root, or a linked header).
    column('parent', 'numeric(20)', { nullable: true }),
  ],
  primaryKey: ['height'],
  since: 11,
};

export const PROOF_VALIDATOR_SETS: Table = {
  name: 'proof_validator_sets',
  columns: [column('hash', 'text'), column('validators', 'text')],
  primaryKey: ['hash'],
  since: 11,
};

export const FACT_PROOFS: Table = {
  name: 'fact_proofs',
  columns: [
    // vote, proposal, submission, execution, withdrawal.
    column('subject', 'text'),
    column('subject_key', 'text'),
    column('height', 'numeric(20)', { nullable: true }),
    column('verified', 'boolean'),
    // The archive's record as it was when proven: a changed record is proven again.
    column('record_version', 'text'),
    column('evidence', 'text', { nullable: true }),
    column('reason', 'text', { nullable: true }),
  ],
  primaryKey: ['subject', 'subject_key'],
  indexes: [
    // A voter's proofs by the voter (the key's second part), not by scanning every vote's.
    {
      sql: `CREATE INDEX fact_proofs_by_voter ON fact_proofs ((split_part(subject_key, '/', 2)), subject_key) WHERE subject = 'vote'`,
      since: 13,
    },
  ],
  since: 11,
};

export interface StoredSignedHeader {
  height: bigint;
  hash: string;
  header: HeaderJson;
  commit: CommitJson;
  validators: ValidatorJson[];
  parent: bigint | null;
}

interface HeaderRow {
  height: string;
  hash: string;
  header: string;
  commit: string | null;
  validators: string | null;
  parent: string | null;
  [column: string]: unknown;
}

const SIGNED_COLUMNS = `h.height, h.hash, h.header, h.commit, s.validators, h.parent
  FROM proof_headers h LEFT JOIN proof_validator_sets s ON s.hash = h.validators_hash`;

function signedOf(row: HeaderRow): StoredSignedHeader {
  return {
    height: BigInt(row.height),
    hash: row.hash,
    header: JSON.parse(row.header) as HeaderJson,
    commit: JSON.parse(row.commit ?? 'null') as CommitJson,
    validators: JSON.parse(row.validators ?? '[]') as ValidatorJson[],
    parent: row.parent === null ? null : BigInt(row.parent),
  };
}

/** The signed header nearest at or below `height`. */
export async function signedHeaderAtOrBelow(db: SqlExecutor, height: bigint): Promise<StoredSignedHeader | null> {
  const rows = await db.query<HeaderRow>(
    `SELECT ${SIGNED_COLUMNS} WHERE h.height <= $1 AND h.commit IS NOT NULL ORDER BY h.height DESC LIMIT 1`,
    [String(height)],
  );
  return rows[0] ? signedOf(rows[0]) : null;
}

/** Every signed header from `from` to `to`, ascending (bundles choose their path among them). */
export async function signedHeadersBetween(db: SqlExecutor, from: bigint, to: bigint): Promise<StoredSignedHeader[]> {
  const rows = await db.query<HeaderRow>(
    `SELECT ${SIGNED_COLUMNS} WHERE h.height BETWEEN $1 AND $2 AND h.commit IS NOT NULL ORDER BY h.height`,
    [String(from), String(to)],
  );
  return rows.map(signedOf);
}

/** A validator set, kept once by its hash however many headers it signed. */
export async function saveValidatorSet(db: SqlExecutor, hash: string, validators: readonly ValidatorJson[]) {
  await db.query('INSERT INTO proof_validator_sets (hash, validators) VALUES ($1, $2) ON CONFLICT (hash) DO NOTHING', [
    hash.toUpperCase(),
    JSON.stringify(validators),
  ]);
}

/** Verified headers with their commits, in one statement; their validator sets are saved with `saveValidatorSet`. */
export async function saveSignedHeaders(db: SqlExecutor, blocks: readonly StoredSignedHeader[]): Promise<void> {
  const byHeight = new Map(blocks.map((block) => [block.height, block]));
  await insertRows(
    db,
    PROOF_HEADERS,
    [...byHeight.values()].map((block) => [
      String(block.height),
      block.hash,
      JSON.stringify(block.header),
      JSON.stringify(block.commit),
      block.header.validators_hash.toUpperCase(),
      block.parent === null ? null : String(block.parent),
    ]),
    {
      // A header first kept as linked gains its commit; one of another hash is never overwritten.
      conflict: `ON CONFLICT (height) DO UPDATE SET commit = EXCLUDED.commit, validators_hash = EXCLUDED.validators_hash,
        parent = EXCLUDED.parent WHERE proof_headers.hash = EXCLUDED.hash`,
    },
  );
}

/** Headers proven by the hash link from the verified header above each: one statement for a turn's. */
export async function saveLinkedHeaders(
  db: SqlExecutor,
  linked: readonly { height: bigint; hash: string; header: HeaderJson }[],
): Promise<void> {
  const byHeight = new Map(linked.map((each) => [each.height, each]));
  await insertRows(
    db,
    PROOF_HEADERS,
    [...byHeight.values()].map((each) => [
      String(each.height),
      each.hash,
      JSON.stringify(each.header),
      null,
      null,
      null,
    ]),
    { conflict: 'ON CONFLICT (height) DO NOTHING' },
  );
}

/** Headers (signed or linked) at these heights. */
export async function headersAt(
  db: SqlExecutor,
  heights: readonly bigint[],
): Promise<Map<bigint, { header: HeaderJson; signed: boolean }>> {
  if (heights.length === 0) return new Map();
  const rows = await db.query<{ height: string; header: string; signed: boolean }>(
    'SELECT height, header, commit IS NOT NULL AS signed FROM proof_headers WHERE height = ANY($1::numeric[])',
    [`{${heights.join(',')}}`],
  );
  return new Map(
    rows.map((row) => [BigInt(row.height), { header: JSON.parse(row.header) as HeaderJson, signed: row.signed }]),
  );
}

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
export async function signedHeadersAt(db: SqlExecutor, heights: readonly bigint[]): Promise<StoredSignedHeader[]> {
  if (heights.length === 0) return [];
  const rows = await db.query<HeaderRow>(
    `SELECT ${SIGNED_COLUMNS} WHERE h.height = ANY($1::numeric[]) AND h.commit IS NOT NULL ORDER BY h.height`,
    [`{${heights.join(',')}}`],
  );
  return rows.map(signedOf);
}

const TRUST_ROOT = 'proof_trust_root';

export async function saveTrustRoot(db: SqlExecutor, root: TrustRootJson): Promise<void> {
  await db.query(
    'INSERT INTO archive_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
    [TRUST_ROOT, JSON.stringify(root)],
  );
}

export async function readTrustRoot(db: SqlExecutor): Promise<TrustRootJson | null> {
  const rows = await db.query<{ value: string }>('SELECT value FROM archive_meta WHERE key = $1', [TRUST_ROOT]);
  return rows[0] ? (JSON.parse(rows[0].value) as TrustRootJson) : null;
}

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
