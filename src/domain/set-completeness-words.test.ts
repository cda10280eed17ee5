import { describe, expect, it } from 'vitest';

import { voteSetWords } from './set-completeness-words.ts';

describe('a proposal’s votes, proven complete or not, in words', () => {
  it('says how many votes the state held, after which block, and how it is known', () => {
    expect(voteSetWords({ proof: { kind: 'range', height: '518431', verified: true }, count: '19' })).toBe(
      'Proven complete: the chain held exactly 19 votes on this proposal in the state after block 518,430 — each one, and no other, by absence proofs from neighbour to neighbour (the proof panel on this page checks it).',
    );
    expect(voteSetWords({ proof: { kind: 'range', height: '11', verified: true }, count: '1' })).toMatch(
      /exactly 1 vote on this proposal in the state after block 10/,
    );
  });

  it('says why not, and claims nothing where no walk was made', () => {
    expect(
      voteSetWords({
        proof: { kind: 'none', height: '90', reason: 'more than 2,500 keys to walk: complete by reconciliation only' },
        count: null,
      }),
    ).toBe(
      'Not proven complete: more than 2,500 keys to walk: complete by reconciliation only. Each vote listed is still proven on its own where it says so.',
    );
    expect(voteSetWords(null)).toBeNull();
  });
});
