import Decimal from 'decimal.js';

import { laterBallots, votesAfter, type Proven } from './later-votes.ts';

// What a bundle's proven ranges say together, in sentences: a proposal's votes, complete at a
// height; the members of its group at the same height who cast none; and whether the proven final
// tally is what those votes add up to at those members' weights (x/group counts the vote of a
// member only: a voter who left is skipped, as the chain skips it).

export interface Completeness {
  /** What the sentence is about ("proposal #7's votes"). */
  subject: string;
  /**
   * complete: proven nothing is left out; reconciled: the tally adds up; incomplete: it does not;
   * overclaimed: the bundle claims a completeness its proven facts do not show.
   */
  state: 'complete' | 'reconciled' | 'incomplete' | 'overclaimed';
  height: string;
  words: string;
}

/** What an archive says a bundle shows complete (or reconciled): the verifier holds it to that. */
export interface CompletenessClaimJson {
  subject: string;
  state: 'complete' | 'reconciled';
  height: string;
}

const OPTIONS = ['YES', 'NO', 'ABSTAIN', 'NO_WITH_VETO'] as const;

const pairs = (text: string | undefined) =>
  (text ?? '')
    .split(' ')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.lastIndexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    });

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

/**
 * Completeness of each proposal a bundle proves a vote set of. `proven` are the statements of the
 * facts that held, each with its height.
 */
/** "all 3 votes", "the only vote", "no vote": a whole set counted in words. */
export function allOf(count: number | string, noun: string): string {
  const number = Number(count);
  if (number === 0) return `no ${noun}`;
  if (number === 1) return `the only ${noun}`;
  const plural = noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`;
  return `all ${number.toLocaleString('en-US')} ${plural}`;
}

/**
 * A voter's record over the proposals whose complete vote set and member set (in one state) the
 * bundle proves: of those the voter was a member for, on which it voted, and on which its vote is
 * proven absent — the whole set of votes shows there is none.
 */
export function voterRecordOf(proven: readonly Proven[], voter: string): Completeness[] {
  const voted: string[] = [];
  const absent: { id: bigint; height: bigint }[] = [];
  // The record's state: the latest of the vote sets it counts (a claim names one).
  let latest = 0n;
  for (const votes of proven.filter((fact) => fact.statement.kind === 'vote-set')) {
    const members = proven.find((fact) => fact.statement.kind === 'member-set' && fact.height === votes.height);
    if (!members || !pairs(members.statement.members).some(([member]) => member === voter)) continue;
    const id = votes.statement.proposal_id ?? '0';
    if (BigInt(votes.height) > latest) latest = BigInt(votes.height);
    const castLater = votesAfter(proven, id, votes.height).some((fact) => fact.statement.voter === voter);
    if (castLater || pairs(votes.statement.ballots).some(([ballot]) => ballot === voter)) voted.push(id);
    else if (/^\d+$/.test(id)) absent.push({ id: BigInt(id), height: BigInt(votes.height) });
  }
  const total = voted.length + absent.length;
  if (total === 0) return [];
  const heights = absent.map((entry) => entry.height).sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
  const grouped = (height: bigint) => height.toLocaleString('en-US');
  const states =
    heights.length === 0
      ? ''
      : heights[0] === heights.at(-1)
        ? `the state after block ${grouped(heights[0])}`
        : `states after blocks ${grouped(heights[0])} to ${grouped(heights.at(-1)!)}`;
  const none =
    absent.length === 0
      ? ''
      : `; no vote on ${absent.length === total ? 'any of them' : `${absent.length} of them`}: ${idRuns(absent.map((entry) => entry.id))}, each proven absent by that proposal's complete vote set (${states})`;
  return [
    {
      subject: `${voter}'s record`,
      state: 'complete',
      height: latest.toString(),
      words: `voted on ${voted.length} of the ${total} proposals whose every vote this bundle proves, while a member${none}`,
    },
  ];
}

/**
 * A policy's proposals still stored (its index walked whole), and the sequence that numbers every
 * proposal of the chain: what a group's bundle shows of its proposals.
 */
function proposalAccountOf(proven: readonly Proven[]): Completeness[] {
  const lines: Completeness[] = [];
  for (const set of proven.filter((fact) => fact.statement.kind === 'policy-proposal-set')) {
    const ids = (set.statement.proposals ?? '')
      .split(' ')
      .filter((id) => /^\d+$/.test(id))
      .map(BigInt);
    const policy = set.statement.group_policy_address ?? '?';
    lines.push({
      subject: `policy ${policy}'s proposals`,
      state: 'complete',
      height: set.height,
      words:
        `complete: ${allOf(ids.length, 'proposal')} policy ${policy} still stores in the state after block ${set.height}` +
        `${ids.length > 0 ? ` (${idRuns(ids)})` : ''}, and no other (x/group prunes a proposal once it is decided and run)`,
    });
  }
  for (const sequence of proven.filter((fact) => fact.statement.kind === 'proposal-sequence'))
    lines.push({
      subject: "the chain's proposals",
      state: 'complete',
      height: sequence.height,
      words: `the chain had numbered ${sequence.statement.last_id ?? '?'} proposals in all by the state after block ${sequence.height} (its proven sequence): every id up to it is a proposal of some group`,
    });
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

/** "#3, #7–#9, #12": ids in order, runs of consecutive ones shortened. */
function idRuns(ids: readonly bigint[]): string {
  const sorted = [...ids].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
  const runs: string[] = [];
  for (let start = 0; start < sorted.length;) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1n) end += 1;
    runs.push(end === start ? `#${sorted[start]}` : `#${sorted[start]}–#${sorted[end]}`);
    start = end + 1;
  }
  return runs.join(', ');
}

export function completenessOf(proven: readonly Proven[], voter?: string): Completeness[] {
  if (voter !== undefined) return voterRecordOf(proven, voter);
  const lines: Completeness[] = [];
  const voteHeights = new Set(proven.filter((fact) => fact.statement.kind === 'vote-set').map((fact) => fact.height));
  // A group's own sets (its bundle): members and policies, each complete in the state it was walked in.
  for (const set of proven) {
    const group = set.statement.group_id ?? '?';
    if (set.statement.kind === 'member-set' && !voteHeights.has(set.height))
      lines.push({
        subject: `group ${group}'s members`,
        state: 'complete',
        height: set.height,
        words: `complete: ${allOf(set.statement.count ?? '0', 'member')} of group ${group} in the state after block ${set.height}, and no other`,
      });
    if (set.statement.kind === 'policy-set')
      lines.push({
        subject: `group ${group}'s policies`,
        state: 'complete',
        height: set.height,
        words: `complete: ${allOf(set.statement.count ?? '0', 'policy')} of group ${group} in the state after block ${set.height}, and no other`,
      });
  }
  lines.push(...proposalAccountOf(proven));
  for (const votes of proven.filter((fact) => fact.statement.kind === 'vote-set')) {
    const id = votes.statement.proposal_id ?? '?';
    const subject = `proposal #${id}'s votes`;
    const ballots = pairs(votes.statement.ballots);
    lines.push({
      subject,
      state: 'complete',
      height: votes.height,
      words: `complete: ${allOf(ballots.length, 'vote')} on #${id} in the state after block ${votes.height}, and no other (${votes.statement.options || 'none'})`,
    });
    const record = proven.find((fact) => fact.statement.kind === 'proposal' && fact.statement.proposal_id === id);
    const { later, conflict } = laterBallots(proven, id, votes.height, ballots, record);
    if (conflict) {
      lines.push({
        subject: `proposal #${id}'s final tally`,
        state: 'incomplete',
        height: votes.height,
        words: conflict,
      });
      continue;
    }
    const counting = [
      ...ballots,
      ...later.map(
        (fact) => [fact.statement.voter ?? '?', (fact.statement.option ?? '?').replace(/^VOTE_OPTION_/, '')] as const,
      ),
    ];
    const members = proven.find((fact) => fact.statement.kind === 'member-set' && fact.height === votes.height);
    if (!members) continue;
    const weights = new Map(pairs(members.statement.members));
    const voted = new Set(counting.map(([voter]) => voter));
    const silent = [...weights.keys()].filter((member) => !voted.has(member));
    lines.push({
      subject: `proposal #${id}'s non-voters`,
      state: 'complete',
      height: votes.height,
      words:
        silent.length === 0
          ? `every one of the ${weights.size} members of group ${members.statement.group_id ?? '?'} voted`
          : `${silent.length} of the ${weights.size} members of group ${members.statement.group_id ?? '?'} cast no vote${
              later.length > 0
                ? ` (in the state after block ${votes.height}, nor in the ${later.length} votes this bundle proves after it)`
                : ''
            }: ${silent.join(', ')}`,
    });
    const tally = tallyOf(counting, weights);
    const final = record?.statement.final_tally?.split('/');
    if (!tally || !final || final.length !== 4 || record?.statement.status === 'PROPOSAL_STATUS_SUBMITTED') continue;
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
  }
  return lines;
}
