import type { Row } from '../db/sql-database.ts';

// Rows → the archive API's JSON: snake_case, uint64 and decimals as strings, the node's own
// record fields where the archive keeps them.

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

const PROPOSAL_COLUMNS = `p.id::text AS id, p.group_id::text AS group_id, g.name AS group_name, p.policy_address,
  pol.name AS policy_name, p.proposers, p.metadata, p.title, p.summary, p.messages, p.submit_time, p.voting_period_end,
  p.group_version::text AS group_version, p.group_policy_version::text AS group_policy_version, p.status,
  p.executor_result, p.final_tally, p.on_chain, p.pruned_height::text AS pruned_height, p.known_from::text AS known_from,
  p.last_height::text AS last_height`;

export const PROPOSAL_SELECT = `SELECT ${PROPOSAL_COLUMNS} FROM proposals p
  LEFT JOIN groups g ON g.id = p.group_id LEFT JOIN policies pol ON pol.address = p.policy_address`;

export function proposalJson(row: Row) {
  return {
    id: text(row.id),
    group_id: text(row.group_id),
    group_name: text(row.group_name) ?? '',
    group_policy_address: text(row.policy_address),
    policy_name: text(row.policy_name) ?? '',
    proposers: JSON.parse(String(row.proposers)) as string[],
    metadata: text(row.metadata),
    title: text(row.title),
    summary: text(row.summary),
    messages: JSON.parse(String(row.messages)) as unknown[],
    submit_time: text(row.submit_time),
    voting_period_end: text(row.voting_period_end),
    group_version: text(row.group_version),
    group_policy_version: text(row.group_policy_version),
    status: text(row.status),
    executor_result: text(row.executor_result),
    final_tally_result: JSON.parse(String(row.final_tally)) as Record<string, string>,
    /** Whether the node still stores it (false: pruned from the chain, kept by the archive). */
    on_chain: row.on_chain === true,
    pruned_height: text(row.pruned_height),
    known_from_height: text(row.known_from),
    last_seen_height: text(row.last_height),
  };
}

export function voteJson(row: Row) {
  return {
    proposal_id: text(row.proposal_id),
    voter: text(row.voter),
    option: text(row.option),
    metadata: text(row.metadata),
    submit_time: text(row.submit_time),
    /** The height the archive saw the vote at (the bootstrap height for votes it found stored). */
    observed_height: text(row.height),
    /** The voter's weight when the proposal was tallied; null while open or when it did not count. */
    weight: text(row.weight),
    pruned_from_chain: row.on_chain === false || row.votes_pruned === true,
  };
}

export const timelineJson = (row: Row) => ({
  height: text(row.height),
  time: text(row.block_time),
  kind: text(row.kind),
  status: text(row.status),
  detail: row.detail === null || row.detail === undefined ? null : (JSON.parse(String(row.detail)) as unknown),
});

export const groupHistoryJson = (row: Row) => ({
  group_id: text(row.group_id),
  height: text(row.height),
  time: text(row.block_time),
  kind: text(row.kind),
  address: text(row.address),
  old_value: text(row.old_value),
  new_value: text(row.new_value),
});
