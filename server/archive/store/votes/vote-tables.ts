import { column, type Table } from '../table.ts';

// Every vote ever cast, with the weight it counted when its proposal was tallied.

export const VOTES: Table = {
  name: 'votes',
  columns: [
    column('proposal_id', 'numeric(20)'),
    column('voter', 'text'),
    column('option', 'text'),
    column('metadata', 'text'),
    column('submit_time', 'text'),
    column('submit_at', 'timestamptz'),
    column('height', 'numeric(20)'),
    column('weight', 'text', { nullable: true }),
    column('weight_value', 'numeric', { nullable: true }),
    // Null where the archive found the vote stored rather than read its transaction (a bootstrap).
    column('tx_hash', 'text', { nullable: true, since: 9 }),
  ],
  primaryKey: ['proposal_id', 'voter'],
  indexes: [
    'CREATE INDEX votes_by_voter ON votes (voter, proposal_id)',
    'CREATE INDEX votes_by_time ON votes (proposal_id, submit_at, voter)',
    'CREATE INDEX votes_by_weight ON votes (proposal_id, weight_value, voter)',
    // A voter's newest votes, for its feed, without reading all of them.
    { sql: 'CREATE INDEX votes_by_voter_height ON votes (voter, height, proposal_id)', since: 4 },
    // Webhook events are made from the facts stored at each height: votes are found by theirs
    // (heights only grow, so each insert lands at the index's end).
    { sql: 'CREATE INDEX votes_by_height ON votes (height)', since: 5 },
    // The search finds addresses by their beginning (addresses?prefix=), in byte order.
    { sql: 'CREATE INDEX votes_voter_prefix ON votes (voter text_pattern_ops)', since: 10 },
  ],
  history: true,
};
