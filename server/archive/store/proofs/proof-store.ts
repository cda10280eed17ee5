import type { RootProvenanceJson, TrustRootJson } from '../../../../verify/bundle-format.ts';
import type { CommitJson } from '../../../../verify/trust/commit.ts';
import type { HeaderJson } from '../../../../verify/trust/header.ts';
import type { ValidatorJson } from '../../../../verify/trust/validator-set.ts';
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

export async function signedHeadersAt(db: SqlExecutor, heights: readonly bigint[]): Promise<StoredSignedHeader[]> {
  if (heights.length === 0) return [];
  const rows = await db.query<HeaderRow>(
    `SELECT ${SIGNED_COLUMNS} WHERE h.height = ANY($1::numeric[]) AND h.commit IS NOT NULL ORDER BY h.height`,
    [`{${heights.join(',')}}`],
  );
  return rows.map(signedOf);
}

const TRUST_ROOT = 'proof_trust_root';
const ROOT_PROVENANCE = 'proof_root_provenance';

export async function saveTrustRoot(
  db: SqlExecutor,
  root: TrustRootJson,
  provenance: RootProvenanceJson | null = null,
): Promise<void> {
  const upsert =
    'INSERT INTO archive_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value';
  await db.query(upsert, [TRUST_ROOT, JSON.stringify(root)]);
  if (provenance) await db.query(upsert, [ROOT_PROVENANCE, JSON.stringify(provenance)]);
}

/** Where the trust root came from; null for an archive that established it before this was kept. */
export async function readRootProvenance(db: SqlExecutor): Promise<RootProvenanceJson | null> {
  const rows = await db.query<{ value: string }>('SELECT value FROM archive_meta WHERE key = $1', [ROOT_PROVENANCE]);
  return rows[0] ? (JSON.parse(rows[0].value) as RootProvenanceJson) : null;
}

export async function readTrustRoot(db: SqlExecutor): Promise<TrustRootJson | null> {
  const rows = await db.query<{ value: string }>('SELECT value FROM archive_meta WHERE key = $1', [TRUST_ROOT]);
  return rows[0] ? (JSON.parse(rows[0].value) as TrustRootJson) : null;
}
