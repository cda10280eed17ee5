import { describe, expect, it } from 'vitest';

import { storedProposalsWords, tallyCheckWords, voteSetWords } from './set-completeness-words.ts';

describe('a proposal’s votes, proven complete or not, in words', () => {
  it('says how many votes the state held, after which block, and how it is known', () => {
    expect(voteSetWords({ proof: { kind: 'range', height: '518431', verified: true }, count: '19' })).toBe(
      'Proven complete: the chain held exactly 19 votes on this proposal in the state after block 518,430 — each one, and no other, by absence proofs from neighbour to neighbour (the proof panel on this page checks it).',
    );
    expect(voteSetWords({ proof: { kind: 'range', height: '11', verified: true }, count: '1' })).toMatch(
      /exactly 1 vote on this proposal in the state after block 10/,
    );
  });

  it('says where the votes listed beyond the proven state come from', () => {
    const set = { proof: { kind: 'range', height: '518736', verified: true }, count: '65' };
    expect(voteSetWords(set, '93')).toMatch(
      /exactly 65 votes on this proposal in the state after block 518,735 .* The list below holds 28 more, cast after that state: each is proven on its own, by its transaction, where the proof panel says so\.$/,
    );
    expect(voteSetWords(set, '66')).toMatch(/holds 1 more, cast after that state: it is proven/);
    expect(voteSetWords(set, '65')).not.toMatch(/more/);
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

describe("the archive's recount of a tally, in words", () => {
  const check = {
    outcome: 'reconciled',
    detail: 'the votes archived add up',
    reread_from: null,
    reread_to: null,
    votes_found: 0,
  };

  it('says a recount that adds up is the archive’s own, not a proof', () => {
    expect(tallyCheckWords(check)).toMatch(/^The archive's recount: the votes it holds, .* add up .* not a proof/);
    expect(tallyCheckWords(null)).toBeNull();
  });

  it('names the blocks read again and the votes they gave', () => {
    const words = tallyCheckWords({
      ...check,
      outcome: 'reconciled after re-reading',
      detail: 'yes weight 1 of 3 not in the archive; reading heights 518612–518621 again found 1 vote …',
      reread_from: '518612',
      reread_to: '518621',
      votes_found: 1,
    });
    expect(words).toContain('read the voting window again, blocks 518,612–518,621, one by one: it found 1 vote');
    expect(words).toContain('yes weight 1 of 3 not in the archive');
  });

  it('warns that votes may be missing when it still falls short, whatever the outcome is called', () => {
    for (const outcome of ['differs', 'a word from a newer archive'])
      expect(tallyCheckWords({ ...check, outcome, detail: 'no weight 2 of 5 not in the archive' })).toBe(
        "The archive's recount does not add up: no weight 2 of 5 not in the archive. Votes may be missing from this list.",
      );
    // More than the tally is not a missing vote.
    expect(
      tallyCheckWords({ ...check, outcome: 'differs', detail: "yes weight 1 more than the final tally's 3" }),
    ).toBe("The archive's recount does not add up: yes weight 1 more than the final tally's 3.");
  });
});

describe('a group’s stored proposals, proven complete or not, in words', () => {
  const walked = (count: string, height = '91') => ({ proof: { kind: 'range', height, verified: true }, count });

  it('adds every policy’s walk in one state, and says pruned proposals are proven by their transactions', () => {
    expect(
      storedProposalsWords([
        { address: 'cosmos1a', set: walked('3') },
        { address: 'cosmos1b', set: walked('1') },
      ]),
    ).toBe(
      "Proven complete: in the state after block 90, this group's 2 policies still stored exactly 4 proposals — each one, and no other, by absence proofs over each policy's proposal index. x/group prunes a proposal once it is decided and run: those are proven by the transactions that submitted and ran them. Changes after block 90 are not proven.",
    );
  });

  it('claims nothing when a policy was not walked or the walks are of different states', () => {
    expect(storedProposalsWords([{ address: 'cosmos1a', set: null }])).toBeNull();
    expect(
      storedProposalsWords([
        { address: 'cosmos1a', set: walked('3') },
        { address: 'cosmos1b', set: null },
      ]),
    ).toMatch(/^Not proven complete: 1 of the group's 2 policies has no proven walk/);
    expect(
      storedProposalsWords([
        { address: 'cosmos1a', set: walked('3', '91') },
        { address: 'cosmos1b', set: walked('1', '95') },
      ]),
    ).toMatch(/^Not proven complete: its policies were walked in different states/);
  });
});
