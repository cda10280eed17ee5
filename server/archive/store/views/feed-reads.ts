import { TALLIED_STATUSES } from '../../vocabulary.ts';
import type { SqlExecutor } from '../db/sql-database.ts';
import { proposalConditions, type ProposalFilter } from '../proposals/proposal-reads.ts';
import { wordList } from '../table.ts';

// What the Atom feeds read: the events the archive recorded (a proposal's timeline, a voter's
// votes, the upgrade plans), newest first and bounded, with the block time of each.

/** A timeline entry of a proposal, with what the feed says of the proposal. */
export type ProposalEventRow = {
  proposal_id: string;
  height: string;
  seq: string;
  block_time: string;
  /** The timeline's kind (submitted, voting_ended, status, executed, pruned), or `vote`. */
  kind: string;
  status: string | null;
  detail: string | null;
  title: string;
  summary: string;
  group_id: string;
  group_name: string | null;
  policy_address: string;
};

/** In a voter's feed: its own vote (kind `vote`) or an event of a proposal it voted on. */
export type VoterEventRow = ProposalEventRow & {
  option: string;
  /** The weight the vote counted with (null until its proposal is tallied, or when it did not count). */
  weight: string | null;
};

/** `first_seen` marks where the archive began, not something that happened on chain. */
const EVENT_KINDS = `t.kind <> 'first_seen'`;

/** What became of a proposal after a vote on it: decided, executed, withdrawn, aborted, pruned. */
const FATE_KINDS = `t.kind IN ('voting_ended', 'status', 'executed', 'pruned')`;

const TALLIED = `p.status IN (${wordList(TALLIED_STATUSES)})`;

const PROPOSAL_OF_EVENT = `p.title, p.summary, p.group_id::text AS group_id, g.name AS group_name, p.policy_address`;

/** The newest `limit` events of the proposals the filter keeps (the proposals list's filter). */
export function readProposalEvents(db: SqlExecutor, filter: ProposalFilter, limit: number) {
  const { where, params } = proposalConditions(filter);
  return db.query<ProposalEventRow>(
    `SELECT t.proposal_id::text AS proposal_id, t.height::text AS height, t.seq::text AS seq, t.block_time, t.kind,
       t.status, t.detail, ${PROPOSAL_OF_EVENT}
     FROM proposal_timeline t JOIN proposals p ON p.id = t.proposal_id LEFT JOIN groups g ON g.id = p.group_id
     WHERE ${EVENT_KINDS} AND ${where}
     ORDER BY t.height DESC, t.proposal_id DESC, t.seq DESC LIMIT ${Math.floor(limit)}`,
    params,
  );
}

/**
 * The newest `limit` entries of a voter's feed: its votes (at the height the archive saw each) and
 * what became of the proposals it voted on. A vote sorts before the events of its own height (a
 * vote that executed its proposal comes first). Only the voter's newest `limit` votes are read;
 * with that many, no older entry can be among the newest, so the fates are looked for only from
 * the height of the last of them up (through the timeline's height index, each checked against
 * the voter's vote). A voter with fewer votes has its fates read proposal by proposal instead.
 */
export function readVoterEvents(db: SqlExecutor, voter: string, limit: number) {
  const top = Math.floor(limit);
  return db.query<VoterEventRow>(
    `WITH recent AS MATERIALIZED (
       SELECT proposal_id, height FROM votes WHERE voter = $1 ORDER BY height DESC, proposal_id DESC LIMIT ${top}),
     floor AS MATERIALIZED (SELECT CASE WHEN count(*) = ${top} THEN min(height) END AS height FROM recent),
     candidates AS (
       (SELECT proposal_id, height, 0 AS rank FROM recent)
       UNION ALL
       (SELECT fate.proposal_id, fate.height, fate.seq + 1 FROM recent, LATERAL (
          -- Through the timeline's key, proposal by proposal (OFFSET 0 keeps the planner from
          -- turning this into a scan of the whole timeline).
          SELECT t.proposal_id, t.height, t.seq FROM proposal_timeline t
          WHERE t.proposal_id = recent.proposal_id AND ${FATE_KINDS} OFFSET 0) fate
        WHERE (SELECT height FROM floor) IS NULL)
       UNION ALL
       (SELECT t.proposal_id, t.height, t.seq + 1 FROM proposal_timeline t
        WHERE ${FATE_KINDS} AND t.height >= (SELECT height FROM floor)
          AND EXISTS (SELECT 1 FROM votes mine WHERE mine.proposal_id = t.proposal_id AND mine.voter = $1)
        ORDER BY t.height DESC, t.proposal_id DESC, t.seq DESC LIMIT ${top})
     ),
     newest AS (SELECT * FROM candidates ORDER BY height DESC, proposal_id DESC, rank DESC LIMIT ${top})
     SELECT e.proposal_id::text AS proposal_id, e.height::text AS height, e.rank::text AS seq,
       COALESCE(t.block_time, v.submit_time) AS block_time, COALESCE(t.kind, 'vote') AS kind, t.status, t.detail,
       v.option, CASE WHEN ${TALLIED} THEN v.weight END AS weight, ${PROPOSAL_OF_EVENT}
     FROM newest e JOIN votes v ON v.proposal_id = e.proposal_id AND v.voter = $1
       JOIN proposals p ON p.id = e.proposal_id LEFT JOIN groups g ON g.id = p.group_id
       -- A lookup by the timeline's key for each of the (at most limit) entries: as a plain join the
       -- planner hashed the whole timeline, a cost that grows with the archive, not the feed.
       LEFT JOIN LATERAL (
         SELECT block_time, kind, status, detail FROM proposal_timeline
         WHERE e.rank > 0 AND proposal_id = e.proposal_id AND height = e.height AND seq = e.rank - 1 LIMIT 1
       ) t ON true
     ORDER BY e.height DESC, e.proposal_id DESC, e.rank DESC`,
    [voter],
  );
}

/** A plan scheduled, cancelled (or replaced) or applied, with the best block time the archive has for it. */
export type UpgradeEventRow = {
  name: string;
  /** The plan's own height (where it is to apply). */
  plan_height: string;
  info: string;
  kind: 'scheduled' | 'cancelled' | 'applied';
  /** The height of the block where it happened. */
  height: string;
  /** What scheduled or cancelled it (`gov:7`), null for an application or when unknown. */
  source: string | null;
  /**
   * The time of the block at `height` when the archive recorded it; otherwise the time of the
   * first later block it recorded (`known_height` says which).
   */
  known_time: string | null;
  known_height: string | null;
};

/**
 * The newest `limit` upgrade events. The archive keeps a plan's scheduling and cancelling by
 * height only, so their time is that of a block it recorded at the same height or, failing that,
 * of the first later one (which the change preceded).
 */
export function readUpgradeEvents(db: SqlExecutor, limit: number) {
  return db.query<UpgradeEventRow>(
    `WITH events AS (
       SELECT name, height AS plan_height, info, 'scheduled' AS kind, 0 AS rank, scheduled_height AS at, scheduled_by AS source
         FROM upgrades WHERE scheduled_height IS NOT NULL
       UNION ALL SELECT name, height, info, 'cancelled', 1, cancelled_height, cancelled_by
         FROM upgrades WHERE cancelled_height IS NOT NULL
       UNION ALL SELECT name, height, info, 'applied', 2, applied_height, NULL
         FROM upgrades WHERE applied_height IS NOT NULL
     )
     SELECT e.name, e.plan_height::text AS plan_height, e.info, e.kind, e.at::text AS height, e.source,
       known.block_time AS known_time, known.height::text AS known_height
     FROM events e LEFT JOIN LATERAL (
       SELECT k.height, k.block_time FROM (
         (SELECT height, block_time FROM proposal_timeline WHERE height >= e.at AND block_time <> ''
           ORDER BY height LIMIT 1)
         UNION ALL (SELECT height, block_time FROM group_history WHERE height >= e.at AND block_time <> ''
           ORDER BY height LIMIT 1)
         UNION ALL (SELECT applied_height, applied_time FROM upgrades WHERE applied_height >= e.at
           AND applied_time IS NOT NULL AND applied_time <> '' ORDER BY applied_height LIMIT 1)
         UNION ALL (SELECT height, block_time FROM archive_cursor WHERE height >= e.at AND block_time <> '')
       ) k ORDER BY k.height LIMIT 1
     ) known ON true
     ORDER BY e.at DESC, e.rank DESC, e.name DESC LIMIT ${Math.floor(limit)}`,
  );
}
