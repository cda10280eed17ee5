import { ChainError } from '../chain-error.ts';
import {
  ZERO_TALLY,
  type AnyMsg,
  type ExecutorResult,
  type Millis,
  type Proposal,
  type VoteOption,
} from '../records.ts';
import {
  eventExec,
  eventProposalPruned,
  eventSubmitProposal,
  eventVote,
  eventWithdrawProposal,
} from './group-events.ts';
import { existingGroup } from './group-msgs.ts';
import type { GroupStore } from './group-store.ts';
import { checkMetadata, MAX_METADATA_LEN } from './params.ts';
import { executeProposal } from './proposal-executor.ts';
import { saveProposal, tallyAndUpdate } from './tally.ts';

// x/group's proposal messages: a proposal is submitted, voted on, executed or withdrawn.

export interface SubmitProposalInput {
  policyAddress: string;
  proposers: string[];
  metadata: string;
  messages: AnyMsg[];
  title: string;
  summary: string;
  exec?: boolean;
}

export function submitProposal(store: GroupStore, input: SubmitProposalInput, now: Millis): bigint {
  const policy = store.policyOf(input.policyAddress);
  if (!policy) throw new ChainError('group policy: not found');
  const group = existingGroup(store, policy.groupId);
  checkMetadata(input.metadata, 'metadata');
  checkMetadata(input.title, 'title');
  checkMetadata(input.summary, 'summary', MAX_METADATA_LEN * 40);
  if (input.proposers.length === 0) throw new ChainError('proposers: value is empty');
  if (new Set(input.proposers).size !== input.proposers.length) throw new ChainError('proposers: duplicate value');
  for (const proposer of input.proposers) {
    if (!store.member(group.id, store.addressKey(proposer))) throw new ChainError(`not in group: ${proposer}`);
  }
  const id = ++store.proposalSeq;
  const proposal: Proposal = {
    id,
    policyAddress: policy.address,
    metadata: input.metadata,
    proposers: input.proposers,
    submitTime: now,
    groupVersion: group.version,
    policyVersion: policy.version,
    status: 'PROPOSAL_STATUS_SUBMITTED',
    finalTally: ZERO_TALLY,
    votingPeriodEnd: now + policy.decisionPolicy.windows.votingPeriod * 1000,
    executorResult: 'PROPOSAL_EXECUTOR_RESULT_NOT_RUN',
    messages: input.messages,
    title: input.title,
    summary: input.summary,
  };
  store.putProposal(proposal);
  store.pendingAtEnd.add(id);
  store.events(eventSubmitProposal(id));
  if (input.exec) {
    // EXEC_TRY: every proposer votes yes, then the proposal is executed if it can be.
    for (const proposer of input.proposers) vote(store, id, proposer, 'VOTE_OPTION_YES', '', now);
    exec(store, id, now);
  }
  return id;
}

export function vote(
  store: GroupStore,
  proposalId: bigint,
  voter: string,
  option: VoteOption,
  metadata: string,
  now: Millis,
  tryExec = false,
): void {
  castVote(store, proposalId, voter, option, metadata, now);
  store.events(eventVote(proposalId));
  if (tryExec) exec(store, proposalId, now);
}

function castVote(
  store: GroupStore,
  proposalId: bigint,
  voter: string,
  option: VoteOption,
  metadata: string,
  now: Millis,
): void {
  checkMetadata(metadata, 'metadata');
  const proposal = store.proposal(proposalId);
  if (!proposal) throw new ChainError('load proposal: not found');
  if (proposal.status !== 'PROPOSAL_STATUS_SUBMITTED') throw new ChainError('proposal not open for voting');
  if (now > proposal.votingPeriodEnd) throw new ChainError('voting period has ended already');
  const policy = store.policyOf(proposal.policyAddress);
  if (!policy) throw new ChainError('group policy: not found');
  const voterKey = store.addressKey(voter);
  if (!store.member(policy.groupId, voterKey)) throw new ChainError('voter: not found');
  if (store.vote(proposalId, voterKey)) throw new ChainError('store: unique constraint violation');
  store.putVote({ proposalId, voter, voterKey, option, metadata, submitTime: now });
}

/** MsgExec: tallies an open proposal first; runs an accepted one; a success prunes it at once. */
export function exec(store: GroupStore, proposalId: bigint, now: Millis): ExecutorResult {
  let proposal = store.proposal(proposalId);
  if (!proposal) throw new ChainError('load proposal: not found');
  if (proposal.status !== 'PROPOSAL_STATUS_SUBMITTED' && proposal.status !== 'PROPOSAL_STATUS_ACCEPTED') {
    throw new ChainError(`not possible to exec with proposal status ${proposal.status}`);
  }
  if (proposal.status === 'PROPOSAL_STATUS_SUBMITTED') proposal = tallyAndUpdate(store, proposal, now);
  let logs = '';
  if (
    proposal.status === 'PROPOSAL_STATUS_ACCEPTED' &&
    proposal.executorResult !== 'PROPOSAL_EXECUTOR_RESULT_SUCCESS'
  ) {
    const policy = store.policyOf(proposal.policyAddress);
    const failure = policy ? executeProposal(store, proposal, policy, now) : 'group policy: not found';
    if (failure !== null) logs = `proposal execution failed on proposal ${proposal.id}, because of error ${failure}`;
    const executorResult = failure === null ? 'PROPOSAL_EXECUTOR_RESULT_SUCCESS' : 'PROPOSAL_EXECUTOR_RESULT_FAILURE';
    proposal = { ...proposal, executorResult };
    if (failure === null) {
      store.pruneProposal(proposal);
      store.events(eventProposalPruned(proposal));
    } else saveProposal(store, proposal);
  }
  store.events(eventExec(proposal.id, proposal.executorResult, logs));
  return proposal.executorResult;
}

export function withdraw(store: GroupStore, proposalId: bigint, address: string): void {
  const proposal = store.proposal(proposalId);
  if (!proposal) throw new ChainError('load proposal: not found');
  if (proposal.status !== 'PROPOSAL_STATUS_SUBMITTED') {
    throw new ChainError('cannot withdraw a proposal with the status of ' + proposal.status);
  }
  const policy = store.policyOf(proposal.policyAddress);
  if (address !== policy?.admin && !proposal.proposers.includes(address)) throw new ChainError('unauthorized');
  saveProposal(store, { ...proposal, status: 'PROPOSAL_STATUS_WITHDRAWN' });
  store.events(eventWithdrawProposal(proposalId));
}
