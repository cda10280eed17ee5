import Decimal from 'decimal.js';

import { groupOfProposal, ownGroupMembers, unboundWords } from './group-binding.ts';
import { laterBallots, type Proven } from './later-votes.ts';
import { allOf, idRuns, itemsOf, pairs } from './set-words.ts';
import { notShownComplete } from './shown-sets.ts';
import { voterRecordOf } from './voter-record.ts';

export { allOf, voterRecordOf };

// What a bundle's proven ranges say together, in sentences: a proposal's votes, complete at a
// height; the members of its group at the same height who cast none; and whether the proven final
// tally is what those votes add up to at those members' weights (x/group counts the vote of a
// member only: a voter who left is skipped, as the chain skips it).

export interface Completeness {
  /** What the sentence is about ("proposal #7's votes"). */
  subject: string;
  /**
   * complete: proven nothing is left out; reconciled: the tally adds up; incomplete: it does not;
   * overclaimed: the bundle claims a completeness its proven facts do not show; not-shown: the
   * bundle shows records of a set without proving it complete (said, never silent).
   */
  state: 'complete' | 'reconciled' | 'incomplete' | 'overclaimed' | 'not-shown';
  height: string;
  words: string;
  /** How many records the set holds (votes, members, proposals …), for a claim to state. */
  count?: string;
  /** Which, for a small set (at most SMALL_SET): addresses, ids or denoms. */
  items?: string[];
}

/** What an archive says a bundle shows complete (or reconciled): the verifier holds it to that. */
export interface CompletenessClaimJson {
  subject: string;
  state: 'complete' | 'reconciled';
  height: string;
  /** How many records the claim says the set holds (rule C10). */
  count?: string;
  /** Which, for a small set. */
  items?: string[];
}

const OPTIONS = ['YES', 'NO', 'ABSTAIN', 'NO_WITH_VETO'] as const;

/** Sums of the ballots' weights per option (members only), or null when a weight is not a decimal. */
function tallyOf(ballots: readonly (readonly [string, string])[], weights: Map<string, string>): Decimal[] | null {
  const sums = OPTIONS.map(() => new Decimal(0));
  for (const [voter, option] of ballots) {
    const weight = weights.get(voter);
    const index = OPTIONS.indexOf(option as (typeof OPTIONS)[number]);
    if (weight === undefined || index < 0) continue;
    try {
      sums[index] = sums[index].plus(new Decimal(weight));
    } catch {
      return null;
    }
  }
  return sums;
}

/** A set proven complete in one state: its count, and which records where it is small. */
const completeSet = (subject: string, height: string, items: readonly string[], words: string): Completeness => ({
  subject,
  state: 'complete',
  height,
  count: String(items.length),
  ...itemsOf(items),
  words,
});

/**
 * A policy's proposals still stored (its index walked whole), and the sequence that numbers every
 * proposal of the chain: what a group's bundle shows of its proposals.
 */
function proposalAccountOf(proven: readonly Proven[]): Completeness[] {
  const lines: Completeness[] = [];
  for (const set of proven.filter((fact) => fact.statement.kind === 'policy-proposal-set')) {
    const texts = (set.statement.proposals ?? '').split(' ').filter(Boolean);
    const ids = texts.filter((id) => /^\d+$/.test(id)).map(BigInt);
    const policy = set.statement.group_policy_address ?? '?';
    lines.push(
      completeSet(
        `policy ${policy}'s proposals`,
        set.height,
        texts,
        `complete: ${allOf(ids.length, 'proposal')} policy ${policy} still stores in the state after block ${set.height}` +
          `${ids.length > 0 ? ` (${idRuns(ids)})` : ''}, and no other (x/group prunes a proposal once it is decided and run)`,
      ),
    );
  }
  for (const sequence of proven.filter((fact) => fact.statement.kind === 'proposal-sequence'))
    lines.push({
      subject: "the chain's proposal ids",
      state: 'complete',
      height: sequence.height,
      count: sequence.statement.last_id ?? '0',
      words: `x/group had handed out ${sequence.statement.last_id ?? '?'} proposal ids in all by the state after block ${sequence.height} (its proven sequence), none of them twice; which of those proposals are still stored is said per policy above`,
    });
  // A policy's treasury: every denom it holds in x/bank's store (rule C5).
  for (const set of proven.filter((fact) => fact.statement.kind === 'balance-set')) {
    const address = set.statement.address ?? '?';
    const denoms = (set.statement.balances ?? '')
      .split(', ')
      .filter(Boolean)
      .map((balance) => balance.slice(balance.indexOf(' ') + 1));
    lines.push(
      completeSet(
        `policy ${address}'s treasury`,
        set.height,
        denoms,
        `complete: ${denoms.length === 0 ? 'no balance' : allOf(denoms.length, 'balance')} held by ${address} in the state after block ${set.height} (${set.statement.balances || 'nothing'}), and no other denom`,
      ),
    );
  }
  return lines;
}

const OPTION_WORDS = ['yes', 'no', 'abstain', 'veto'];

/**
 * "yes weight 1 of 19 not in this bundle": where the votes counted (yes, no, abstain, veto) fall
 * short of the final tally, or exceed it; empty when they add up. The archive holds its own votes
 * to the chain's tallies with it too (`missingFrom`: "the archive").
 */
export function shortfallOf(
  counted: readonly Decimal[],
  final: readonly string[],
  missingFrom = 'this bundle',
): string {
  const parts: string[] = [];
  counted.forEach((sum, index) => {
    let tallied: Decimal;
    try {
      tallied = new Decimal(final[index]);
    } catch {
      parts.push(`the final tally's ${OPTION_WORDS[index]} (${final[index]}) is not a number`);
      return;
    }
    if (tallied.greaterThan(sum))
      parts.push(
        `${OPTION_WORDS[index]} weight ${tallied.minus(sum).toString()} of ${tallied.toString()} not in ${missingFrom}`,
      );
    else if (sum.greaterThan(tallied))
      parts.push(
        `${OPTION_WORDS[index]} weight ${sum.minus(tallied).toString()} more than the final tally's ${tallied.toString()}`,
      );
  });
  return parts.join('; ');
}

/** The subject a bundle is about, as it names it: what its sets are said of. */
export interface CompletenessSubject {
  kind: string;
  id: string;
}

/**
 * What the proven facts (each statement with its height) show complete, reconciled or not, and
 * which sets they show records of without proving them complete.
 */
export function completenessOf(proven: readonly Proven[], subject?: CompletenessSubject): Completeness[] {
  if (subject?.kind === 'voter') {
    const record = voterRecordOf(proven, subject.id);
    return record.length > 0 ? record : notShownComplete(proven, subject);
  }
  const lines: Completeness[] = [];
  const voteHeights = new Set(proven.filter((fact) => fact.statement.kind === 'vote-set').map((fact) => fact.height));
  // A group's own sets (its bundle): members and policies, each complete in the state it was walked in.
  for (const set of proven) {
    const group = set.statement.group_id ?? '?';
    const listed = (field: string, separator: string) =>
      (set.statement[field] ?? '')
        .split(separator)
        .filter(Boolean)
        .map((entry) => entry.split('=')[0]);
    // A group's member set beside a vote set is said with the votes (non-voters); alone, as itself.
    const plural = set.statement.kind === 'member-set' ? 'members' : 'policies';
    const alone =
      set.statement.kind === 'member-set' ? !voteHeights.has(set.height) : set.statement.kind === 'policy-set';
    if (alone) {
      const entries = listed(plural, ' ');
      const noun = plural === 'members' ? 'member' : 'policy';
      lines.push(
        completeSet(
          `group ${group}'s ${plural}`,
          set.height,
          entries,
          `complete: ${allOf(entries.length, noun)} of group ${group} in the state after block ${set.height}, and no other`,
        ),
      );
    }
  }
  lines.push(...proposalAccountOf(proven));
  for (const votes of proven.filter((fact) => fact.statement.kind === 'vote-set'))
    lines.push(...votesOf(proven, votes));
  return [...lines, ...notShownComplete(proven, subject)];
}

/** A proposal's vote set, its own group's non-voters (rule C8) and its final tally against them. */
function votesOf(proven: readonly Proven[], votes: Proven): Completeness[] {
  const lines: Completeness[] = [];
  const id = votes.statement.proposal_id ?? '?';
  const ballots = pairs(votes.statement.ballots);
  lines.push(
    completeSet(
      `proposal #${id}'s votes`,
      votes.height,
      ballots.map(([voter]) => voter),
      `complete: ${allOf(ballots.length, 'vote')} on #${id} in the state after block ${votes.height}, and no other (${votes.statement.options || 'none'})`,
    ),
  );
  const record =
    proven.find(
      (fact) =>
        fact.statement.kind === 'proposal' &&
        fact.statement.proposal_id === id &&
        fact.statement.status !== undefined &&
        fact.statement.status !== 'PROPOSAL_STATUS_SUBMITTED',
    ) ??
    proven.find(
      (fact) =>
        fact.statement.kind === 'proposal' && fact.statement.proposal_id === id && fact.statement.stored === 'yes',
    );
  const { later, conflict } = laterBallots(proven, id, votes.height, ballots, record);
  if (conflict) {
    lines.push({
      subject: `proposal #${id}'s final tally`,
      state: 'incomplete',
      height: votes.height,
      words: conflict,
    });
    return lines;
  }
  const counting = [
    ...ballots,
    ...later.map(
      (fact) => [fact.statement.voter ?? '?', (fact.statement.option ?? '?').replace(/^VOTE_OPTION_/, '')] as const,
    ),
  ];
  const members = ownGroupMembers(proven, id, votes.height);
  if (!members) {
    lines.push({
      subject: `proposal #${id}'s non-voters`,
      state: 'not-shown',
      height: votes.height,
      words: unboundWords(proven, id, votes.height),
    });
    return lines;
  }
  const group = groupOfProposal(proven, id, votes.height) ?? '?';
  const weights = new Map(pairs(members.statement.members));
  const voted = new Set(counting.map(([voter]) => voter));
  const silent = [...weights.keys()].filter((member) => !voted.has(member));
  lines.push(
    completeSet(
      `proposal #${id}'s non-voters`,
      votes.height,
      silent,
      silent.length === 0
        ? `every one of the ${weights.size} members of group ${group}, proposal #${id}'s own group, voted`
        : `${silent.length} of the ${weights.size} members of group ${group}, proposal #${id}'s own group, cast no vote${
            later.length > 0
              ? ` (in the state after block ${votes.height}, nor in ${later.length === 1 ? 'the vote' : `the ${later.length} votes`} this bundle proves after it)`
              : ''
          }: ${silent.join(', ')}`,
    ),
  );
  const tally = tallyOf(counting, weights);
  const final = record?.statement.final_tally?.split('/');
  if (!tally || !final || final.length !== 4 || record?.statement.status === 'PROPOSAL_STATUS_SUBMITTED') return lines;
  const counted = tally.map((sum) => sum.toString()).join('/');
  let same: boolean;
  try {
    same = tally.every((sum, index) => sum.equals(new Decimal(final[index])));
  } catch {
    same = false;
  }
  lines.push({
    subject: `proposal #${id}'s final tally`,
    state: same ? 'reconciled' : 'incomplete',
    height: votes.height,
    words: same
      ? `reconciled: the proven final tally (yes/no/abstain/veto ${record!.statement.final_tally}) is what its proven votes add up to at the members' weights${
          later.length > 0
            ? ` (${ballots.length} in the state after block ${votes.height}, ${later.length} cast after it, proven by ${later.length === 1 ? 'its transaction' : 'their transactions'})`
            : ''
        }`
      : `incomplete: ${shortfallOf(tally, final)} (the proven votes at the members' weights add up to ${counted}; the final tally says ${record!.statement.final_tally})`,
  });
  return lines;
}
