import type { SqlExecutor } from '../db/sql-database.ts';

// Which proposals' vote sets to prove complete (fact subject `vote-range`, keyed by proposal id,
// with the members of its group in the same state, `member-range`):
// an open one in the latest state below the tip (the tip's header vouches for it), again when its votes changed and 64 blocks have passed (a walk
// costs a query a vote); a proposal whose voting ended, once, in the last state before the block
// that tallied it (and pruned its votes) — `final:` in its record version marks that walk done.

export interface VoteRangeToProve {
  id: string;
  group_id: string;
  /** The proposal's policy: its record names it, and the policy's record names the group (rule C7). */
  policy_address: string;
  /** The state to walk: the latest for an open proposal, the one before its tally once it ended. */
  height: string;
  vote_count: string;
  final: boolean;
  [column: string]: unknown;
}

/** Blocks after which a walk the node could not serve is tried again. */
const RETRY_UNPROVEN_AFTER_BLOCKS = 16n;

/** Blocks an open proposal's proven vote set may lag before it is walked again (when it changed). */
const REWALK_AFTER_BLOCKS = 64n;

export async function voteRangesToProve(db: SqlExecutor, groupTip: bigint, limit: number): Promise<VoteRangeToProve[]> {
  return db.query<VoteRangeToProve>(
    `WITH candidates AS (
       SELECT p.id, p.group_id, p.policy_address, p.status, p.on_chain,
         -- The block that ended its voting: the tally at its voting end, or else the first change of a
         -- decided proposal (an execution's tally, a withdrawal, an abort, its pruning).
         COALESCE(
           (SELECT min(t.height) FROM proposal_timeline t WHERE t.proposal_id = p.id AND t.kind = 'voting_ended'),
           (SELECT min(t.height) FROM proposal_timeline t
             WHERE t.proposal_id = p.id AND t.kind IN ('status', 'executed', 'pruned')
               AND p.status <> 'PROPOSAL_STATUS_SUBMITTED')) AS ended,
         (SELECT count(*) FROM votes v WHERE v.proposal_id = p.id) AS vote_count,
         f.height AS proven_height, f.record_version, f.verified, f.reason,
         EXISTS (SELECT 1 FROM fact_proofs b WHERE b.subject = 'range-proposal' AND b.subject_key = p.id::text) AS bound
       FROM proposals p LEFT JOIN fact_proofs f ON f.subject = 'vote-range' AND f.subject_key = p.id::text
       WHERE EXISTS (SELECT 1 FROM votes v WHERE v.proposal_id = p.id)
     )
     SELECT id::text AS id, group_id::text AS group_id, policy_address,
       (CASE WHEN ended IS NOT NULL THEN ended - 1 ELSE $1::numeric - 1 END)::text AS height,
       vote_count::text AS vote_count, ended IS NOT NULL AS final
     FROM candidates
     WHERE (ended IS NOT NULL AND ended - 1 < $1::numeric AND (record_version IS NULL OR record_version NOT LIKE 'final:%'))
        OR (ended IS NULL AND status = 'PROPOSAL_STATUS_SUBMITTED' AND on_chain
            AND (record_version IS NULL
                 OR (proven_height < $1::numeric - $3::numeric AND (NOT verified OR record_version <> vote_count::text))))
        -- A final walk the node could not serve then is tried again a few blocks on (not one too long).
        OR (ended IS NOT NULL AND ended - 1 < $1::numeric AND verified IS FALSE
            AND COALESCE(proven_height, 0) < $1::numeric - $4::numeric AND COALESCE(reason, '') NOT LIKE 'more than %')
        -- Walked before the walks carried the records binding them to their group (rule C7): walk again once.
        OR (record_version IS NOT NULL AND NOT bound
            AND ((ended IS NOT NULL AND ended - 1 < $1::numeric)
                 OR (ended IS NULL AND status = 'PROPOSAL_STATUS_SUBMITTED' AND on_chain)))
     ORDER BY id LIMIT $2`,
    [String(groupTip), String(limit), String(REWALK_AFTER_BLOCKS), String(RETRY_UNPROVEN_AFTER_BLOCKS)],
  );
}

/**
 * Which groups' members and policies to prove complete (subjects `group-member-range` and
 * `group-policy-range`, keyed by group id) in the latest state below the tip: a group never walked,
 * or one whose version or number of policies changed, 64 blocks after its last walk.
 */
export interface GroupRangeToProve {
  id: string;
  /** The group's version, its number of policies and of proposals: what a walk is current for. */
  version: string;
  /** Its policies' addresses (each one's stored proposals are walked too). */
  policies: string[];
  [column: string]: unknown;
}

export async function groupRangesToProve(
  db: SqlExecutor,
  groupTip: bigint,
  limit: number,
): Promise<GroupRangeToProve[]> {
  return db.query<GroupRangeToProve>(
    `WITH current AS (
       SELECT g.id, g.version::text || '/' ||
         (SELECT count(*) FROM policies p WHERE p.group_id = g.id)::text || '/' ||
         (SELECT count(*) FROM proposals q WHERE q.group_id = g.id)::text AS version,
         ARRAY(SELECT p.address FROM policies p WHERE p.group_id = g.id ORDER BY p.address) AS policies
       FROM groups g
     )
     SELECT c.id::text AS id, c.version, c.policies
     FROM current c LEFT JOIN fact_proofs f ON f.subject = 'group-policy-range' AND f.subject_key = c.id::text
     WHERE (f.subject_key IS NULL
            OR (f.record_version <> c.version AND f.height < $1::numeric - $3::numeric)
            -- A walk the node could not serve then (a state not yet provable, an answer for
            -- another height) is tried again a few blocks on; one too long to walk is not.
            OR (NOT f.verified AND COALESCE(f.height, 0) < $1::numeric - $4::numeric
                AND COALESCE(f.reason, '') NOT LIKE 'more than %'))
     ORDER BY c.id LIMIT $2`,
    [String(groupTip), String(limit), String(REWALK_AFTER_BLOCKS), String(RETRY_UNPROVEN_AFTER_BLOCKS)],
  );
}
