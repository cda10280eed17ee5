import { ChainError } from '../chain-error.ts';
import type { Millis } from '../records.ts';
import {
  activeProposalEvent,
  burnEvents,
  coinsText,
  inactiveProposalEvent,
  transferEvents,
  type ActiveResult,
} from './gov-events.ts';
import type { GovProposal, ProposalMsg } from './gov-records.ts';
import type { GovStore } from './gov-store.ts';
import { tallyVotes } from './gov-tally.ts';
import { GOV_MODULE_ADDRESS } from './module-account.ts';

/** How x/gov runs a passed proposal's messages: the app's message router, in a cached context. */
export interface ProposalExecutor {
  /** Runs one message; a ChainError is the handler refusing it. */
  execute(msg: ProposalMsg, at: { height: bigint; time: Millis }): void;
  /** Saves the state the messages can change; the returned function restores it. */
  checkpoint(): () => void;
}

/** Proposals of a queue whose time has come (time ≤ block time), in the queue's (time, id) order. */
function due(
  store: GovStore,
  queue: ReadonlySet<bigint>,
  timeOf: (proposal: GovProposal) => Millis | null,
  now: Millis,
) {
  const found: { proposal: GovProposal; time: Millis }[] = [];
  for (const id of queue) {
    const proposal = store.proposal(id);
    const time = proposal ? timeOf(proposal) : null;
    if (proposal && time !== null && time <= now) found.push({ proposal, time });
  }
  found.sort((a, b) => a.time - b.time || (a.proposal.id < b.proposal.id ? -1 : 1));
  return found.map((entry) => entry.proposal);
}

function refundDeposits(store: GovStore, proposalId: bigint): void {
  for (const deposit of store.depositsOf(proposalId).values()) {
    for (const event of transferEvents(GOV_MODULE_ADDRESS, deposit.depositor, coinsText(deposit.amount))) {
      store.events(event);
    }
  }
  store.deleteDeposits(proposalId);
}

function burnDeposits(store: GovStore, proposalId: bigint): void {
  const amounts = new Map<string, bigint>();
  for (const deposit of store.depositsOf(proposalId).values()) {
    for (const coin of deposit.amount) amounts.set(coin.denom, (amounts.get(coin.denom) ?? 0n) + BigInt(coin.amount));
  }
  store.deleteDeposits(proposalId);
  const coins = [...amounts]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([denom, amount]) => ({ denom, amount: String(amount) }));
  if (coins.length > 0) for (const event of burnEvents(GOV_MODULE_ADDRESS, coinsText(coins))) store.events(event);
}

/** Runs every message of a passed proposal, all or nothing. */
function execute(
  proposal: GovProposal,
  executor: ProposalExecutor,
  at: { height: bigint; time: Millis },
): { status: GovProposal['status']; failedReason: string; result: ActiveResult; log: string } {
  const restore = executor.checkpoint();
  for (const [index, msg] of proposal.messages.entries()) {
    try {
      executor.execute(msg, at);
    } catch (error) {
      if (!(error instanceof ChainError)) throw error;
      restore();
      return {
        status: 'PROPOSAL_STATUS_FAILED',
        failedReason: error.message,
        result: 'proposal_failed',
        log: `passed, but msg ${index} (${msg.typeUrl}) failed on execution: ${error.message}`,
      };
    }
  }
  return { status: 'PROPOSAL_STATUS_PASSED', failedReason: '', result: 'proposal_passed', log: 'passed' };
}

/**
 * x/gov's EndBlocker: proposals whose deposit period ended without the minimum deposit are
 * deleted (`inactive_proposal`); proposals whose voting period ended are tallied, their deposits
 * refunded or burnt, passed ones executed, and each outcome announced by `active_proposal`.
 */
export function govEndBlock(store: GovStore, executor: ProposalExecutor, at: { height: bigint; time: Millis }): void {
  for (const proposal of due(store, store.depositQueue, (p) => p.depositEndTime, at.time)) {
    store.deleteProposal(proposal.id);
    if (store.params.burnProposalDepositPrevote) burnDeposits(store, proposal.id);
    else refundDeposits(store, proposal.id);
    store.events(inactiveProposalEvent(proposal.id));
  }

  for (const proposal of due(store, store.votingQueue, (p) => p.votingEndTime, at.time)) {
    const outcome = tallyVotes(store.votesOf(proposal.id).values(), store.stake, store.params, proposal.expedited);
    store.deleteVotes(proposal.id);
    // A failed expedited proposal goes on as a regular one, its deposits still held.
    if (!(proposal.expedited && !outcome.passes)) {
      if (outcome.burnDeposits) burnDeposits(store, proposal.id);
      else refundDeposits(store, proposal.id);
    }
    let next: GovProposal;
    let result: ActiveResult;
    let log: string;
    if (outcome.passes) {
      const executed = execute(proposal, executor, at);
      next = { ...proposal, status: executed.status, failedReason: executed.failedReason };
      result = executed.result;
      log = executed.log;
    } else if (proposal.expedited) {
      const start = proposal.votingStartTime ?? at.time;
      next = { ...proposal, expedited: false, votingEndTime: start + store.params.votingPeriodS * 1000 };
      result = 'expedited_proposal_rejected';
      log = 'expedited proposal converted to regular';
    } else {
      next = {
        ...proposal,
        status: 'PROPOSAL_STATUS_REJECTED',
        failedReason: 'proposal did not get enough votes to pass',
      };
      result = 'proposal_rejected';
      log = 'rejected';
    }
    store.putProposal({ ...next, finalTally: outcome.tally });
    store.events(activeProposalEvent(proposal.id, result, log));
  }
}
