import type { Completeness } from './completeness.ts';
import { ownGroupMembers } from './group-binding.ts';
import { votesAfter, type Proven } from './later-votes.ts';
import { idRuns, itemsOf, pairs } from './set-words.ts';

// Rule C9 (docs/bundle-format.md): a voter's record over the proposals whose complete vote set the
// bundle proves, counted only where the proposal's own group (rule C7) is proven to have had the
// voter as a member in that same state. A member walk of another group at the same height says
// nothing of this proposal: pairing them would make "no vote on #N" of a proposal the voter could
// never vote on.

export function voterRecordOf(proven: readonly Proven[], voter: string): Completeness[] {
  const voted: string[] = [];
  const absent: { id: bigint; height: bigint }[] = [];
  // The record's state: the latest of the vote sets it counts (a claim names one).
  let latest = 0n;
  for (const votes of proven.filter((fact) => fact.statement.kind === 'vote-set')) {
    const id = votes.statement.proposal_id ?? '0';
    const members = ownGroupMembers(proven, id, votes.height);
    if (!members || !pairs(members.statement.members).some(([member]) => member === voter)) continue;
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
  const counted = [...voted, ...absent.map((entry) => entry.id.toString())];
  return [
    {
      subject: `${voter}'s record`,
      state: 'complete',
      height: latest.toString(),
      count: String(total),
      ...itemsOf(counted),
      words: `voted on ${voted.length} of the ${total} proposals whose every vote this bundle proves, each of its own group's proposals while a member${none}`,
    },
  ];
}
