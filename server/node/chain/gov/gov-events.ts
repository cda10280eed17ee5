import { plainEvent, type AbciEvent } from '../events.ts';
import type { WeightedOption } from './gov-records.ts';

export { coinsText, transferEvents } from '../bank-events.ts';

// x/gov's events (plain text values, unlike x/group's typed events) and the bank events its
// deposits cause, each with the attributes in the order a v0.50 node emits them.

/** bank's BurnCoins from a module account. */
export const burnEvents = (burner: string, amount: string): AbciEvent[] => [
  plainEvent('coin_spent', [
    ['spender', burner],
    ['amount', amount],
  ]),
  plainEvent('burn', [
    ['burner', burner],
    ['amount', amount],
  ]),
];

/** `proposal_messages` lists the type URLs, each after a comma (so it starts with one). */
export const submitProposalEvent = (id: bigint, proposer: string, typeUrls: readonly string[]) =>
  plainEvent('submit_proposal', [
    ['proposal_id', String(id)],
    ['proposal_proposer', proposer],
    ['proposal_messages', typeUrls.map((typeUrl) => `,${typeUrl}`).join('')],
  ]);

export const votingPeriodStartEvent = (id: bigint) =>
  plainEvent('submit_proposal', [['voting_period_start', String(id)]]);

export const proposalDepositEvent = (depositor: string, amount: string, id: bigint) =>
  plainEvent('proposal_deposit', [
    ['depositor', depositor],
    ['amount', amount],
    ['proposal_id', String(id)],
  ]);

/** The options as Go's encoding/json writes []*WeightedVoteOption: the enum as a number. */
export const weightedOptionsText = (options: readonly WeightedOption[]) =>
  JSON.stringify(options.map(({ option, weight }) => ({ option, weight })));

export const proposalVoteEvent = (voter: string, options: readonly WeightedOption[], id: bigint) =>
  plainEvent('proposal_vote', [
    ['voter', voter],
    ['option', weightedOptionsText(options)],
    ['proposal_id', String(id)],
  ]);

export type ActiveResult = 'proposal_passed' | 'proposal_rejected' | 'proposal_failed' | 'expedited_proposal_rejected';

export const activeProposalEvent = (id: bigint, result: ActiveResult, log: string) =>
  plainEvent('active_proposal', [
    ['proposal_id', String(id)],
    ['proposal_result', result],
    ['proposal_log', log],
  ]);

export const inactiveProposalEvent = (id: bigint) =>
  plainEvent('inactive_proposal', [
    ['proposal_id', String(id)],
    ['proposal_result', 'proposal_dropped'],
  ]);
