import type { SqlExecutor } from '../db/sql-database.ts';
import { readGroupModule } from '../upgrades/upgrade-reads.ts';

// What the prover has left to do, read from the archive's records: votes and proposal events by
// height behind a cursor (each is proven once, from its own block), and proposals whose record
// changed since it was last proven (an open proposal is proven again once it is decided).

const PROVEN_THROUGH = 'proofs_through_height';

export async function provenThrough(db: SqlExecutor): Promise<bigint | null> {
  const rows = await db.query<{ value: string }>('SELECT value FROM archive_meta WHERE key = $1', [PROVEN_THROUGH]);
  return rows[0] ? BigInt(rows[0].value) : null;
}

export async function setProvenThrough(db: SqlExecutor, height: bigint): Promise<void> {
  await db.query(
    'INSERT INTO archive_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
    [PROVEN_THROUGH, String(height)],
  );
}

export interface VoteToProve {
  proposal_id: string;
  voter: string;
  option: string;
  height: string;
  tx_hash: string | null;
  on_chain: boolean;
  [column: string]: unknown;
}

export interface EventToProve {
  proposal_id: string;
  height: string;
  seq: number;
  kind: string;
  tx_hash: string;
  policy_address: string;
  [column: string]: unknown;
}

/** The next heights (up to `count`) after `after` and through `through` that hold votes or events. */
export async function heightsToProve(
  db: SqlExecutor,
  after: bigint,
  through: bigint,
  count: number,
): Promise<bigint[]> {
  const rows = await db.query<{ height: string }>(
    `SELECT height FROM (
       (SELECT DISTINCT height FROM votes WHERE height > $1 AND height <= $2 ORDER BY height LIMIT $3)
       UNION
       (SELECT DISTINCT height FROM proposal_timeline WHERE tx_hash IS NOT NULL AND height > $1 AND height <= $2 ORDER BY height LIMIT $3)
     ) found ORDER BY height LIMIT $3`,
    [String(after), String(through), String(count)],
  );
  return rows.map((row) => BigInt(row.height));
}

export async function votesAt(db: SqlExecutor, heights: readonly bigint[]): Promise<VoteToProve[]> {
  return db.query<VoteToProve>(
    `SELECT v.proposal_id::text, v.voter, v.option, v.height::text, v.tx_hash, coalesce(p.on_chain, false) AS on_chain
     FROM votes v LEFT JOIN proposals p ON p.id = v.proposal_id
     WHERE v.height = ANY($1::numeric[]) ORDER BY v.height, v.proposal_id, v.voter`,
    [`{${heights.join(',')}}`],
  );
}

export async function eventsAt(db: SqlExecutor, heights: readonly bigint[]): Promise<EventToProve[]> {
  return db.query<EventToProve>(
    `SELECT t.proposal_id::text, t.height::text, t.seq, t.kind, t.tx_hash, coalesce(p.policy_address, '') AS policy_address
     FROM proposal_timeline t LEFT JOIN proposals p ON p.id = t.proposal_id
     WHERE t.tx_hash IS NOT NULL AND t.height = ANY($1::numeric[]) ORDER BY t.height, t.seq`,
    [`{${heights.join(',')}}`],
  );
}

export interface ProposalToProve {
  id: string;
  status: string;
  final_tally: string;
  on_chain: boolean;
  pruned_height: string | null;
  last_height: string;
  /** The height of its execution, if the archive saw one. */
  executed_height: string | null;
  version: string;
  [column: string]: unknown;
}

/** The record a proposal's proof is of: a new status or tally is proven again. */
export const PROPOSAL_VERSION_SQL = `p.status || '|' || p.final_tally`;

/** Proposals whose proof is missing or stale, and whose last change has a block above it by `tip`. */
export async function proposalsToProve(db: SqlExecutor, tip: bigint, limit: number): Promise<ProposalToProve[]> {
  return db.query<ProposalToProve>(
    `SELECT p.id::text, p.status, p.final_tally, p.on_chain, p.pruned_height::text, p.last_height::text,
       (SELECT max(t.height)::text FROM proposal_timeline t WHERE t.proposal_id = p.id AND t.kind = 'executed') AS executed_height,
       ${PROPOSAL_VERSION_SQL} AS version
     FROM proposals p LEFT JOIN fact_proofs f ON f.subject = 'proposal' AND f.subject_key = p.id::text
     WHERE (f.subject_key IS NULL OR f.record_version <> ${PROPOSAL_VERSION_SQL})
       AND (NOT p.on_chain OR p.last_height < $1)
     ORDER BY p.id LIMIT $2`,
    [String(tip), String(limit)],
  );
}

export interface UpgradeToProve {
  name: string;
  applied_height: string;
  [column: string]: unknown;
}

/** Applied upgrades whose done marker is not proven yet, applied below `tip`. */
export async function upgradesToProve(db: SqlExecutor, tip: bigint, limit: number): Promise<UpgradeToProve[]> {
  return db.query<UpgradeToProve>(
    `SELECT u.name, u.applied_height::text AS applied_height
     FROM upgrades u LEFT JOIN fact_proofs f ON f.subject = 'upgrade' AND f.subject_key = u.name
     WHERE u.applied_height IS NOT NULL AND u.applied_height < $1
       AND (f.subject_key IS NULL OR f.record_version <> u.applied_height::text)
     ORDER BY u.applied_height, u.name LIMIT $2`,
    [String(tip), String(limit)],
  );
}

export interface MemberToProve {
  group_id: string;
  address: string;
  weight: string;
  /** The height of the last change the archive saw to this membership. */
  changed_height: string;
  [column: string]: unknown;
}

/** What a membership's proof is of: its weight (a new weight is proven again). */
export const memberProofKey = (groupId: string, address: string) => `${groupId}/${address}`;

/**
 * A current record proven in the latest state may have been asked for in a state the node had
 * pruned (an archive far behind its node): asked again once the archive is well past it.
 */
const RETRY_UNSERVED = `(NOT f.verified AND f.height < $1::numeric - 1000 AND f.reason LIKE 'the node no longer serves%')`;

/** Current members whose proof is missing, of another weight or worth asking again, last changed below `tip`. */
export async function membersToProve(db: SqlExecutor, tip: bigint, limit: number): Promise<MemberToProve[]> {
  return db.query<MemberToProve>(
    `SELECT m.group_id::text AS group_id, m.address, m.weight, changed.height::text AS changed_height
     FROM group_members m
     CROSS JOIN LATERAL (
       SELECT max(h.height) AS height FROM group_history h
       WHERE h.address = m.address AND h.group_id = m.group_id
         AND h.kind IN ('member_added', 'member_known', 'weight_changed')
     ) changed
     LEFT JOIN fact_proofs f ON f.subject = 'member' AND f.subject_key = m.group_id::text || '/' || m.address
     WHERE (f.subject_key IS NULL OR f.record_version <> m.weight OR ${RETRY_UNSERVED}) AND changed.height < $1
     ORDER BY m.group_id, m.address LIMIT $2`,
    [String(tip), String(limit)],
  );
}

export interface PolicyToProve {
  address: string;
  group_id: string;
  admin: string;
  version: string;
  decision_policy: string;
  updated_height: string;
  [column: string]: unknown;
}

/** Policies whose proof is missing, of another version or worth asking again, last read below `tip`. */
export async function policiesToProve(db: SqlExecutor, tip: bigint, limit: number): Promise<PolicyToProve[]> {
  return db.query<PolicyToProve>(
    `SELECT p.address, p.group_id::text AS group_id, p.admin, p.version::text AS version, p.decision_policy,
       p.updated_height::text AS updated_height
     FROM policies p LEFT JOIN fact_proofs f ON f.subject = 'policy' AND f.subject_key = p.address
     WHERE (f.subject_key IS NULL OR f.record_version <> p.version::text OR ${RETRY_UNSERVED}) AND p.updated_height < $1
     ORDER BY p.address LIMIT $2`,
    [String(tip), String(limit)],
  );
}

/**
 * The tip below which x/group's records can be proven: the archive's tip, or the height an
 * upgrade removed the group store at (its state after the block before is the last to hold it;
 * a query of the store after that is one of an unknown store, never worth asking again).
 */
export async function groupStoreTip(db: SqlExecutor, tip: bigint): Promise<bigint> {
  const group = await readGroupModule(db);
  if (!group || group.present) return tip;
  const gone = BigInt(group.leftAtHeight ?? '0');
  return gone < tip ? gone : tip;
}
