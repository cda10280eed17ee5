import { OPEN_STATUS } from '../../vocabulary.ts';
import { column, type Table } from '../table.ts';

// Proposals as last seen (the record never changes after submission; only its state does), their
// proposers, their timelines, and what each was tallied against.

export const PROPOSALS: Table = {
  name: 'proposals',
  columns: [
    column('id', 'numeric(20)'),
    column('group_id', 'numeric(20)'),
    column('policy_address', 'text'),
    column('proposers', 'text'),
    column('metadata', 'text'),
    column('title', 'text'),
    column('summary', 'text'),
    column('messages', 'text'),
    column('submit_time', 'text'),
    column('submit_at', 'timestamptz'),
    column('voting_period_end', 'text'),
    column('voting_ends_at', 'timestamptz'),
    column('group_version', 'numeric(20)'),
    column('group_policy_version', 'numeric(20)'),
    column('status', 'text'),
    column('executor_result', 'text'),
    column('final_tally', 'text'),
    column('on_chain', 'boolean'),
    column('pruned_height', 'numeric(20)', { nullable: true }),
    column('known_from', 'numeric(20)'),
    column('last_height', 'numeric(20)'),
    column('search', 'tsvector', {
      generated: `to_tsvector('simple', title || ' ' || summary || ' ' || metadata)`,
    }),
  ],
  primaryKey: ['id'],
  indexes: [
    'CREATE INDEX proposals_submit ON proposals (submit_at, id)',
    'CREATE INDEX proposals_voting_end ON proposals (voting_ends_at, id)',
    'CREATE INDEX proposals_status ON proposals (status, id)',
    'CREATE INDEX proposals_group ON proposals (group_id, id)',
    'CREATE INDEX proposals_policy ON proposals (policy_address, id)',
    'CREATE INDEX proposals_search ON proposals USING gin (search)',
    `CREATE INDEX proposals_open ON proposals (voting_ends_at, id) WHERE status = '${OPEN_STATUS}'`,
  ],
  history: true,
};

export const PROPOSERS: Table = {
  name: 'proposal_proposers',
  columns: [column('proposal_id', 'numeric(20)'), column('proposer', 'text')],
  primaryKey: ['proposer', 'proposal_id'],
  indexes: [
    // The search finds addresses by their beginning (addresses?prefix=), in byte order.
    { sql: 'CREATE INDEX proposal_proposers_prefix ON proposal_proposers (proposer text_pattern_ops)', since: 10 },
  ],
  history: true,
};

export const TIMELINE: Table = {
  name: 'proposal_timeline',
  columns: [
    column('proposal_id', 'numeric(20)'),
    column('height', 'numeric(20)'),
    column('seq', 'integer'),
    column('block_time', 'text'),
    column('kind', 'text'),
    column('status', 'text', { nullable: true }),
    column('detail', 'text', { nullable: true }),
    // The transaction behind a submission or an execution, where the archive read its block.
    column('tx_hash', 'text', { nullable: true, since: 9 }),
  ],
  primaryKey: ['proposal_id', 'height', 'seq'],
  indexes: [
    // The feeds walk events newest first across every proposal, and look up the time of a block by
    // its height: without it, each request would read and sort the whole timeline.
    { sql: 'CREATE INDEX proposal_timeline_by_height ON proposal_timeline (height, proposal_id, seq)', since: 4 },
  ],
  history: true,
};

/** Fixed order of a proposal's timeline entries within one height. */
export const TIMELINE_SEQ = {
  first_seen: 0,
  submitted: 1,
  voting_ended: 2,
  status: 3,
  executed: 4,
  pruned: 5,
} as const;

export type TimelineKind = keyof typeof TIMELINE_SEQ;

export const PROPOSAL_TALLIES: Table = {
  name: 'proposal_tallies',
  columns: [column('proposal_id', 'numeric(20)'), column('total_weight', 'text'), column('decision_policy', 'text')],
  primaryKey: ['proposal_id'],
  since: 7,
  history: true,
};
