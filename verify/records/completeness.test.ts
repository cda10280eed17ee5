import { describe, expect, it } from 'vitest';

import { completenessOf } from './completeness.ts';
import type { Proven } from './later-votes.ts';

// What proven ranges say together: every vote of a proposal, who of its group did not vote, and
// whether the proven final tally is what the votes add up to at the members' weights.

const votes = (ballots: string) => ({
  height: '90',
  statement: { kind: 'vote-set', proposal_id: '7', count: '3', options: 'YES 2, NO 1', ballots },
});
const members = {
  height: '90',
  statement: { kind: 'member-set', group_id: '2', count: '4', members: 'alice=2 bob=1.5 carol=0.25 dave=3' },
};
/** Rule C7: the proposal's record and its policy's, proven in the state of its votes, name its group. */
const bound = (id = '7', height = '90', group = '2'): Proven[] => [
  {
    height,
    statement: {
      kind: 'proposal',
      proposal_id: id,
      stored: 'yes',
      status: 'PROPOSAL_STATUS_SUBMITTED',
      group_policy_address: `policy-of-${group}`,
    },
  },
  { height, statement: { kind: 'policy', address: `policy-of-${group}`, group_id: group, stored: 'yes' } },
];
const record = (finalTally: string) => ({
  height: '91',
  statement: { kind: 'proposal', proposal_id: '7', status: 'PROPOSAL_STATUS_ACCEPTED', final_tally: finalTally },
});

describe('completeness of a proposal’s votes', () => {
  it('says the votes are complete, names the non-voters and reconciles the final tally exactly', () => {
    const lines = completenessOf([...bound(), votes('alice=YES bob=YES carol=NO'), members, record('3.5/0.25/0/0')]);
    expect(lines.map((line) => [line.state, line.words])).toEqual([
      ['complete', 'complete: all 3 votes on #7 in the state after block 90, and no other (YES 2, NO 1)'],
      ['complete', "1 of the 4 members of group 2, proposal #7's own group, cast no vote: dave"],
      [
        'reconciled',
        "reconciled: the proven final tally (yes/no/abstain/veto 3.5/0.25/0/0) is what its proven votes add up to at the members' weights",
      ],
    ]);
  });

  it('counts a set of one or none in words: "the only vote", "no vote"', () => {
    expect(completenessOf([...bound(), votes('alice=YES')])[0].words).toMatch(/^complete: the only vote on #7 /);
    expect(completenessOf([...bound(), votes('')])[0].words).toMatch(/^complete: no vote on #7 /);
  });

  it('skips the vote of a voter who is no longer a member, as the chain does', () => {
    const lines = completenessOf([...bound(), votes('alice=YES erin=YES carol=NO'), members, record('2/0.25/0/0')]);
    expect(lines.at(-1)?.state).toBe('reconciled');
  });

  it('says which weight is not in the bundle when the tally does not add up, with both sums', () => {
    const lines = completenessOf([...bound(), votes('alice=YES bob=YES carol=NO'), members, record('5.5/0/0/0')]);
    expect(lines.at(-1)).toMatchObject({
      state: 'incomplete',
      words:
        'incomplete: yes weight 2 of 5.5 not in this bundle; no weight 0.25 more than the final tally’s 0 (the proven votes at the members’ weights add up to 3.5/0.25/0/0; the final tally says 5.5/0/0/0)'.replaceAll(
          '’',
          "'",
        ),
    });
  });

  it('counts the votes cast in the block that tallied it, proven by their transactions', () => {
    // x/group counts a vote of the tallying block and prunes it at once: no walked state holds it.
    const cast = (voter: string, option: string, height = '91') => ({
      height,
      statement: { kind: 'vote', proposal_id: '7', voter, option: `VOTE_OPTION_${option}`, exec: 'EXEC_TRY' },
    });
    const lines = completenessOf([
      ...bound(),
      votes('alice=YES bob=YES carol=NO'),
      members,
      cast('dave', 'NO'),
      record('3.5/3.25/0/0'),
    ]);
    expect(lines.map((line) => [line.state, line.words]).slice(1)).toEqual([
      ['complete', "every one of the 4 members of group 2, proposal #7's own group, voted"],
      [
        'reconciled',
        "reconciled: the proven final tally (yes/no/abstain/veto 3.5/3.25/0/0) is what its proven votes add up to at the members' weights (3 in the state after block 90, 1 cast after it, proven by its transaction)",
      ],
    ]);
    // A vote before the walked state is in it already: not counted twice.
    expect(
      completenessOf([
        ...bound(),
        votes('alice=YES bob=YES carol=NO'),
        members,
        cast('alice', 'YES', '80'),
        record('3.5/0.25/0/0'),
      ])[2].state,
    ).toBe('reconciled');
  });

  it('says when every member voted', () => {
    const lines = completenessOf([...bound(), votes('alice=YES bob=YES carol=NO dave=NO'), members]);
    expect(lines[1].words).toBe("every one of the 4 members of group 2, proposal #7's own group, voted");
  });

  it('says only what is proven: members of another state are no non-voters, and reconcile nothing', () => {
    const lines = completenessOf([...bound(), votes('alice=YES'), { ...members, height: '89' }, record('2/0/0/0')]);
    expect(lines.map((line) => line.words)).toEqual([
      'complete: all 4 members of group 2 in the state after block 89, and no other',
      'complete: the only vote on #7 in the state after block 90, and no other (YES 2, NO 1)',
      "not shown complete: this bundle proves no walk of group 2's members in the state after block 90, the state of proposal #7's votes",
    ]);
  });

  it('names no non-voters from another group’s members, even in the same state (rule C8)', () => {
    const otherGroup = { ...members, statement: { ...members.statement, group_id: '3' } };
    const lines = completenessOf([...bound(), votes('alice=YES'), otherGroup, record('2/0/0/0')]);
    expect(lines.find((line) => line.subject === "proposal #7's non-voters")).toMatchObject({ state: 'not-shown' });
    expect(lines.some((line) => line.state === 'reconciled' || line.state === 'incomplete')).toBe(false);
    // Nor when nothing proves which group proposal 7 belongs to.
    const unbound = completenessOf([votes('alice=YES'), members, record('2/0/0/0')]);
    expect(unbound.find((line) => line.subject === "proposal #7's non-voters")?.words).toMatch(
      /does not prove which group proposal #7 belongs to/,
    );
  });

  it('says a group’s policies are complete where their set is proven', () => {
    const policies = { height: '90', statement: { kind: 'policy-set', group_id: '2', count: '2', policies: 'p1 p2' } };
    expect(completenessOf([policies])[0].words).toBe(
      'complete: all 2 policies of group 2 in the state after block 90, and no other',
    );
  });
});

describe('a voter’s record', () => {
  const set = (id: string, height: string, ballots: string) => ({
    height,
    statement: { kind: 'vote-set', proposal_id: id, count: '0', options: '', ballots },
  });
  const group = (height: string, list: string) => ({
    height,
    statement: { kind: 'member-set', group_id: '2', count: '0', members: list },
  });

  it('counts the proposals it was a member for, and names each one its vote is proven absent from', () => {
    const lines = completenessOf(
      [
        ...['7', '8', '9', '10', '11'].flatMap((id, index) => bound(id, ['90', '120', '150', '160', '170'][index])),
        set('7', '90', 'alice=YES bob=NO'),
        group('90', 'alice=1 bob=1 carol=1'),
        set('8', '120', 'bob=NO'),
        group('120', 'alice=1 bob=1'),
        // Not a member in that state: not counted either way.
        set('9', '150', 'bob=YES'),
        group('150', 'bob=1'),
        set('10', '160', 'bob=YES'),
        group('160', 'alice=1 bob=1'),
        set('11', '170', 'bob=YES'),
        group('170', 'alice=1 bob=1'),
      ],
      { kind: 'voter', id: 'alice' },
    );
    expect(lines.map((line) => line.words)).toEqual([
      "voted on 1 of the 4 proposals whose every vote this bundle proves, each of its own group's proposals while a member; no vote on 3 of them: #8, #10–#11, each proven absent by that proposal's complete vote set (states after blocks 120 to 170)",
    ]);
    // Its state is the latest of the sets it counts, whether a vote or an absence (a claim names it).
    expect(lines[0].height).toBe('170');
  });

  it('counts a vote cast in the block that tallied a proposal as a vote, not an absence', () => {
    const later = {
      height: '175',
      statement: { kind: 'vote', proposal_id: '11', voter: 'alice', option: 'VOTE_OPTION_NO' },
    };
    const lines = completenessOf(
      [...bound('11', '170'), set('11', '170', 'bob=YES'), group('170', 'alice=1 bob=1'), later],
      { kind: 'voter', id: 'alice' },
    );
    expect(lines.map((line) => [line.words, line.height])).toEqual([
      [
        "voted on 1 of the 1 proposals whose every vote this bundle proves, each of its own group's proposals while a member",
        '170',
      ],
    ]);
  });

  it('counts no proposal of a group it is not proven a member of: another group’s members say nothing of it', () => {
    // Proposal 11 belongs to group 3; alice is a member of group 2, walked in the same state.
    const lines = completenessOf(
      [...bound('11', '170', '3'), set('11', '170', 'bob=YES'), group('170', 'alice=1 bob=1')],
      { kind: 'voter', id: 'alice' },
    );
    expect(lines.map((line) => [line.state, line.words])).toEqual([
      [
        'not-shown',
        "not shown complete: this bundle proves no walk of alice's votes; it proves none of the votes, and the chain may hold some",
      ],
    ]);
  });
});

describe('votes cast after the walked state', () => {
  const cast = (voter: string, option: string, height = '91') => ({
    height,
    statement: { kind: 'vote', proposal_id: '7', voter, option: `VOTE_OPTION_${option}`, exec: 'EXEC_TRY' },
  });

  it('refuses to reconcile with one voter proven twice, whichever the way', () => {
    // The same vote's transaction twice, or a vote in the walk proven again after it: x/group takes one.
    for (const twice of [[cast('dave', 'YES'), cast('dave', 'YES')], [cast('alice', 'YES')]]) {
      const lines = completenessOf([
        ...bound(),
        votes('alice=YES bob=YES carol=NO'),
        members,
        ...twice,
        record('6.5/0.25/0/0'),
      ]);
      expect(lines.at(-1)).toMatchObject({
        state: 'incomplete',
        words: expect.stringMatching(/^incomplete: the bundle proves more than one vote of (dave|alice) on #7/),
      });
    }
  });

  it('counts none cast after the state its decided record is proven in', () => {
    const lines = completenessOf([
      ...bound(),
      votes('alice=YES bob=YES carol=NO'),
      members,
      cast('dave', 'YES', '95'),
      record('3.5/0.25/0/0'),
    ]);
    expect(lines.at(-1)?.state).toBe('reconciled');
  });
});
