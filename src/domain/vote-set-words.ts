import { grouped } from '../lib/format-number.ts';

// Whether a proposal's votes are proven complete, in one sentence for its votes list: the archive
// walked every key of the proposal's votes in one state by absence proofs (all of them, no other),
// or says why it could not. Nothing is claimed where no walk was made.

export interface VoteSetProof {
  proof: { kind: string; height: string | null; verified?: boolean; reason?: string };
  count: string | null;
}

export function voteSetWords(voteSet: VoteSetProof | null | undefined): string | null {
  if (!voteSet) return null;
  const { proof, count } = voteSet;
  if (proof.kind === 'range' && proof.verified && count !== null && proof.height !== null) {
    // The proof rests on the header above the state it walked.
    const state = (BigInt(proof.height) - 1n).toString();
    return `Proven complete: the chain held exactly ${grouped(count)} ${count === '1' ? 'vote' : 'votes'} on this proposal in the state after block ${grouped(state)} — each one, and no other, by absence proofs from neighbour to neighbour (the proof panel on this page checks it).`;
  }
  return `Not proven complete${proof.reason ? `: ${proof.reason}` : ''}. Each vote listed is still proven on its own where it says so.`;
}
