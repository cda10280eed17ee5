import type { ArchivedProposal } from './archive.ts';
import type { Proposal, TallyResult } from './schemas.ts';

/**
 * A proposal the node has pruned, as the archive last saw it, in the node's shape, so its page can
 * show it as fully as a live one. Null when the record lacks what a proposal has (an archive that
 * knew it only from a prune event).
 */
export function proposalFromArchive(record: ArchivedProposal): Proposal | null {
  const { submit_time, voting_period_end, executor_result } = record;
  if (submit_time === null || voting_period_end === null) return null;
  const tally = record.final_tally_result;
  const finalTally: TallyResult = {
    yes_count: tally.yes_count ?? '0',
    abstain_count: tally.abstain_count ?? '0',
    no_count: tally.no_count ?? '0',
    no_with_veto_count: tally.no_with_veto_count ?? '0',
  };
  return {
    id: record.id,
    group_policy_address: record.group_policy_address,
    metadata: record.metadata ?? '',
    proposers: record.proposers,
    submit_time,
    group_version: record.group_version ?? '0',
    group_policy_version: record.group_policy_version ?? '0',
    status: record.status,
    final_tally_result: finalTally,
    voting_period_end,
    executor_result: executor_result ?? 'PROPOSAL_EXECUTOR_RESULT_UNSPECIFIED',
    messages: record.messages,
    title: record.title ?? '',
    summary: record.summary ?? '',
  };
}
