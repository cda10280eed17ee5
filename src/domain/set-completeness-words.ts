import type { TallyCheck } from '../api/archive-sets.ts';
import { grouped } from '../lib/format-number.ts';

// Whether a set is proven complete, in one sentence for its list: the archive walked every key of
// the set in one state by absence proofs (all of them, no other), or says why it could not.
// Nothing is claimed where no walk was made. A proof is of one state: where the list shows a newer
// one (a group's members today), the sentence says changes since are not proven.

export interface SetProof {
  proof: { kind: string; height: string | null; verified?: boolean; reason?: string };
  count: string | null;
}

export interface SetNoun {
  one: string;
  many: string;
  /** Where the set lives: "on this proposal", "in this group". */
  where: string;
  /** Which items are still proven one by one when the set is not ("each vote listed"). */
  each: string;
  /** The list shows the chain as it is now, which may be newer than the proven state. */
  current?: boolean;
}

export function rangeSetWords(set: SetProof | null | undefined, noun: SetNoun): string | null {
  if (!set) return null;
  const { proof, count } = set;
  if (proof.kind === 'range' && proof.verified && count !== null && proof.height !== null) {
    // The proof rests on the header above the state it walked.
    const state = grouped((BigInt(proof.height) - 1n).toString());
    return (
      `Proven complete: the chain held exactly ${grouped(count)} ${count === '1' ? noun.one : noun.many} ${noun.where} ` +
      `in the state after block ${state} — each one, and no other, by absence proofs from neighbour to neighbour ` +
      `(the proof panel on this page checks it).${noun.current ? ` Changes after block ${state} are not proven.` : ''}`
    );
  }
  return `Not proven complete${proof.reason ? `: ${proof.reason}` : ''}. ${noun.each} is still proven on its own where it says so.`;
}

/**
 * A proposal's vote set, and what the list beside it holds after the state it was proven in:
 * "complete: 65 votes" above a list of 93 says where the other 28 come from.
 */
export function voteSetWords(voteSet: SetProof | null | undefined, held?: string | null): string | null {
  const words = rangeSetWords(voteSet, {
    one: 'vote',
    many: 'votes',
    where: 'on this proposal',
    each: 'Each vote listed',
  });
  const proven = voteSet?.proof.kind === 'range' && voteSet.proof.verified ? voteSet.count : null;
  if (!words || proven === null || held === null || held === undefined || !/^\d+$/.test(held)) return words;
  const more = BigInt(held) - BigInt(proven);
  if (more <= 0n) return words;
  return `${words} The list below holds ${grouped(more.toString())} more, cast after that state: ${
    more === 1n ? 'it is' : 'each is'
  } proven on its own, by its transaction, where the proof panel says so.`;
}

/** The archive's recount of a tally from the votes it holds, in words for the votes list (null: none yet). */
export function tallyCheckWords(check: TallyCheck | null | undefined): string | null {
  if (!check) return null;
  if (check.outcome === 'reconciled')
    return (
      "The archive's recount: the votes it holds, at the weights they counted with, add up to the final tally " +
      'option by option. A recount by the archive, not a proof: the proof panel checks the proven votes.'
    );
  if (check.outcome === 'reconciled after re-reading' && check.reread_from !== null && check.reread_to !== null)
    return (
      `The archive's recount first fell short, so it read the voting window again, blocks ${grouped(check.reread_from)}` +
      `–${grouped(check.reread_to)}, one by one: it found ${check.votes_found === 1 ? '1 vote' : `${check.votes_found} votes`} ` +
      `the archive had not read, and the tally adds up now (${check.detail}).`
    );
  const missing = check.detail.includes('not in the archive') ? ' Votes may be missing from this list.' : '';
  return `The archive's recount does not add up: ${check.detail}.${missing}`;
}

/**
 * Above a group's proposals: whether every proposal its policies still store is proven, in which
 * state and how (x/group prunes a proposal once decided and run: those are proven by their
 * transactions, not by a walk). Null where no policy's index was walked.
 */
export function storedProposalsWords(sets: readonly { address: string; set: SetProof | null }[]): string | null {
  const walked = sets.filter((entry) => entry.set !== null);
  if (walked.length === 0) return null;
  const proven = walked.filter(
    ({ set }) => set?.proof.kind === 'range' && set.proof.verified && set.count !== null && set.proof.height !== null,
  );
  const heights = new Set(proven.map(({ set }) => set!.proof.height));
  if (proven.length < sets.length || heights.size !== 1) {
    const missing = sets.length - proven.length;
    return (
      `Not proven complete: ${missing === 0 ? 'its policies were walked in different states' : `${missing} of the group's ${sets.length} policies ${missing === 1 ? 'has' : 'have'} no proven walk of the proposals ${missing === 1 ? 'it stores' : 'they store'}`}. ` +
      'Each proposal is still proven on its own where it says so.'
    );
  }
  const count = proven.reduce((sum, { set }) => sum + BigInt(set!.count!), 0n).toString();
  const state = grouped((BigInt([...heights][0]!) - 1n).toString());
  return (
    `Proven complete: in the state after block ${state}, this group's ${sets.length === 1 ? 'policy' : `${sets.length} policies`} still stored exactly ` +
    `${grouped(count)} ${count === '1' ? 'proposal' : 'proposals'} — each one, and no other, by absence proofs over each policy's proposal index. ` +
    `x/group prunes a proposal once it is decided and run: those are proven by the transactions that submitted and ran them. Changes after block ${state} are not proven.`
  );
}
