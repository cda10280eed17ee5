import { jsonString, jsonU64, typedEvent, type AbciEvent } from '../events.ts';
import type { ExecutorResult, Proposal, ProposalStatus, Tally } from '../records.ts';

// The cosmos.group.v1 typed events, one builder each, named after their proto messages.

const GROUP = 'cosmos.group.v1';

const tallyJson = (tally: Tally) =>
  `{"yes_count":${jsonString(tally.yes)},"abstain_count":${jsonString(tally.abstain)},` +
  `"no_count":${jsonString(tally.no)},"no_with_veto_count":${jsonString(tally.veto)}}`;

export const eventCreateGroup = (groupId: bigint): AbciEvent =>
  typedEvent(`${GROUP}.EventCreateGroup`, { group_id: jsonU64(groupId) });

export const eventUpdateGroup = (groupId: bigint): AbciEvent =>
  typedEvent(`${GROUP}.EventUpdateGroup`, { group_id: jsonU64(groupId) });

export const eventCreateGroupPolicy = (address: string): AbciEvent =>
  typedEvent(`${GROUP}.EventCreateGroupPolicy`, { address: jsonString(address) });

export const eventUpdateGroupPolicy = (address: string): AbciEvent =>
  typedEvent(`${GROUP}.EventUpdateGroupPolicy`, { address: jsonString(address) });

export const eventSubmitProposal = (proposalId: bigint): AbciEvent =>
  typedEvent(`${GROUP}.EventSubmitProposal`, { proposal_id: jsonU64(proposalId) });

export const eventWithdrawProposal = (proposalId: bigint): AbciEvent =>
  typedEvent(`${GROUP}.EventWithdrawProposal`, { proposal_id: jsonU64(proposalId) });

export const eventVote = (proposalId: bigint): AbciEvent =>
  typedEvent(`${GROUP}.EventVote`, { proposal_id: jsonU64(proposalId) });

export const eventExec = (proposalId: bigint, result: ExecutorResult, logs: string): AbciEvent =>
  typedEvent(`${GROUP}.EventExec`, {
    proposal_id: jsonU64(proposalId),
    result: jsonString(result),
    logs: jsonString(logs),
  });

export const eventLeaveGroup = (groupId: bigint, address: string): AbciEvent =>
  typedEvent(`${GROUP}.EventLeaveGroup`, { group_id: jsonU64(groupId), address: jsonString(address) });

export const eventProposalPruned = (proposal: Proposal, status: ProposalStatus = proposal.status): AbciEvent =>
  typedEvent(`${GROUP}.EventProposalPruned`, {
    proposal_id: jsonU64(proposal.id),
    status: jsonString(status),
    tally_result: tallyJson(proposal.finalTally),
  });

export const eventTallyError = (proposalId: bigint, message: string): AbciEvent =>
  typedEvent(`${GROUP}.EventTallyError`, { proposal_id: jsonU64(proposalId), error_message: jsonString(message) });
