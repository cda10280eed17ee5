import { add, text, ZERO, type Dec } from '../../../lib/apd-dec.ts';
import { ChainError } from '../chain-error.ts';
import { decide } from '../decision-policies/registry.ts';
import type { Millis, Proposal, Tally } from '../records.ts';
import { VOTE_OPTION_SLOT, VOTE_OPTIONS } from '../vote-options.ts';
import { eventTallyError } from './group-events.ts';
import type { GroupStore } from './group-store.ts';
import type { GroupView } from './group-view.ts';

/**
 * The tally query's rule: an open proposal is counted now, each vote at the voter's *current*
 * weight, votes of former members skipped; any other proposal answers its stored final tally.
 */
export function tallyOf(store: GroupView, proposal: Proposal): Tally {
  if (proposal.status !== 'PROPOSAL_STATUS_SUBMITTED') return proposal.finalTally;
  const policy = store.policyOf(proposal.policyAddress);
  const group = policy && store.group(policy.groupId);
  if (!policy || !group) throw new ChainError('group policy: not found');
  const votes = store.votesOf(proposal.id);
  const stamp = `${group.version}:${votes.size}`;
  const cached = store.tallyCache.get(proposal.id);
  if (cached?.stamp === stamp) return cached.tally;
  // Small whole weights are added as numbers (flushed to BigInt long before 2^53), the rest per
  // exponent as BigInt; combining them gives the same exact value and scale as adding the
  // decimals one by one, for a million votes in a fraction of the time.
  const smallSums = VOTE_OPTIONS.map(() => 0);
  const byExponent = VOTE_OPTIONS.map(() => new Map<number, bigint>());
  const addExact = (slot: number, exp: number, coef: bigint) =>
    byExponent[slot].set(exp, (byExponent[slot].get(exp) ?? 0n) + coef);
  const members = store.memberLookup(group.id);
  for (let i = 0; i < votes.size; i++) {
    const vote = votes.valueAt(i);
    const member = members?.get(vote.voterKey);
    if (!member) continue;
    const slot = VOTE_OPTION_SLOT[vote.option];
    if (member.small === undefined) addExact(slot, member.w.exp, member.w.coef);
    else if ((smallSums[slot] += member.small) >= 2 ** 52) {
      addExact(slot, 0, BigInt(smallSums[slot]));
      smallSums[slot] = 0;
    }
  }
  const counts = VOTE_OPTIONS.map((_, slot) => {
    if (smallSums[slot] > 0) addExact(slot, 0, BigInt(smallSums[slot]));
    return text([...byExponent[slot]].reduce<Dec>((sum, [exp, coef]) => add(sum, { coef, exp }), ZERO));
  });
  const tally = Object.fromEntries(VOTE_OPTIONS.map((entry, slot) => [entry.tallyField, counts[slot]])) as Record<
    keyof Tally,
    string
  >;
  store.tallyCache.set(proposal.id, { stamp, tally });
  return tally;
}

/**
 * doTallyAndUpdate: a proposal whose outcome is final (or whose voting has ended) becomes
 * ACCEPTED or REJECTED with its final tally, and its votes are pruned. A tally that cannot be
 * computed rejects it, as the SDK does since GHSA-47ww-ff84-4jrg.
 */
export function tallyAndUpdate(store: GroupStore, proposal: Proposal, now: Millis): Proposal {
  const policy = store.policyOf(proposal.policyAddress);
  const group = policy && store.group(policy.groupId);
  let next: Proposal;
  try {
    if (!policy || !group) throw new Error('missing policy');
    const tally = tallyOf(store, proposal);
    const result = decide(policy.decisionPolicy, tally, group.totalWeight);
    if (!result.final && !(now > proposal.votingPeriodEnd)) return proposal;
    next = {
      ...proposal,
      finalTally: tally,
      status: result.allow ? 'PROPOSAL_STATUS_ACCEPTED' : 'PROPOSAL_STATUS_REJECTED',
    };
  } catch (error) {
    next = { ...proposal, status: 'PROPOSAL_STATUS_REJECTED' };
    store.events(eventTallyError(proposal.id, error instanceof Error ? error.message : String(error)));
  }
  store.pruneVotes(proposal.id);
  saveProposal(store, next);
  return next;
}

/** Stores a changed proposal; once it is decided the end-blocker no longer needs to visit it. */
export function saveProposal(store: GroupStore, proposal: Proposal): void {
  store.putProposal(proposal);
  if (proposal.status === 'PROPOSAL_STATUS_ACCEPTED' || proposal.status === 'PROPOSAL_STATUS_REJECTED') {
    store.pendingAtEnd.delete(proposal.id);
  }
}
