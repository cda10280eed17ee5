import { describe, expect, it } from 'vitest';

import { claimsOf, unmetClaims } from './claims.ts';
import { completenessOf } from './completeness.ts';
import type { Proven } from './later-votes.ts';

// The archive claims what its own statements show complete; the verifier holds a bundle to that.

const votes = {
  height: '90',
  statement: { kind: 'vote-set', proposal_id: '7', count: '2', options: 'YES 2', ballots: 'alice=YES bob=YES' },
};
const members = {
  height: '90',
  statement: { kind: 'member-set', group_id: '2', count: '3', members: 'alice=2 bob=1 carol=1' },
};
const bound: Proven[] = [
  {
    height: '90',
    statement: {
      kind: 'proposal',
      proposal_id: '7',
      stored: 'yes',
      status: 'PROPOSAL_STATUS_SUBMITTED',
      group_policy_address: 'p',
    },
  },
  { height: '90', statement: { kind: 'policy', address: 'p', group_id: '2', stored: 'yes' } },
];
const record = {
  height: '91',
  statement: { kind: 'proposal', proposal_id: '7', status: 'PROPOSAL_STATUS_ACCEPTED', final_tally: '3/0/0/0' },
};

describe('claims of completeness', () => {
  const claims = claimsOf(completenessOf([...bound, votes, members, record]));

  it('claims the complete sets and the reconciled tally, and the whole bundle bears them out', () => {
    expect(claims).toEqual([
      { subject: "proposal #7's votes", state: 'complete', height: '90', count: '2', items: ['alice', 'bob'] },
      { subject: "proposal #7's non-voters", state: 'complete', height: '90', count: '1', items: ['carol'] },
      { subject: "proposal #7's final tally", state: 'reconciled', height: '90' },
    ]);
    expect(unmetClaims(claims, completenessOf([...bound, votes, members, record]))).toEqual([]);
  });

  it('names each claim the proven facts no longer show, and why', () => {
    const unmet = unmetClaims(claims, completenessOf([...bound, members, record]));
    expect(unmet.map((line) => [line.state, line.words])).toEqual([
      [
        'overclaimed',
        "not shown: the bundle claims proposal #7's votes complete (2) in the state after block 90, but it proves no such set: its walk is missing, refused above, or not bound to it (C1)",
      ],
      [
        'overclaimed',
        "not shown: the bundle claims proposal #7's non-voters complete (1) in the state after block 90, but it proves no such set: its walk is missing, refused above, or not bound to it (C8)",
      ],
      [
        'overclaimed',
        "not shown: the bundle claims proposal #7's final tally reconciled in the state after block 90, but it proves no vote set and own group's member set in one state to add the final tally up against (C8)",
      ],
    ]);
  });

  it('says what the bundle shows instead when it shows less than claimed', () => {
    const fewer = { ...votes, statement: { ...votes.statement, ballots: 'alice=YES' } };
    const [unmet] = unmetClaims(
      claims.filter((claim) => claim.state === 'reconciled'),
      completenessOf([...bound, fewer, members, record]),
    );
    expect(unmet.words).toBe(
      "not shown: the bundle claims proposal #7's final tally reconciled in the state after block 90, but it shows instead: incomplete: yes weight 1 of 3 not in this bundle (the proven votes at the members' weights add up to 2/0/0/0; the final tally says 3/0/0/0) (C8)",
    );
  });

  it('refuses a claim that counts or names other records than the walk holds (rule C10)', () => {
    const lines = completenessOf([...bound, votes, members, record]);
    const padded = claims.map((claim) => (claim.subject.endsWith('votes') ? { ...claim, count: '3' } : claim));
    expect(unmetClaims(padded, lines).map((line) => line.words)).toEqual([
      "not shown: the bundle claims proposal #7's votes complete (3) in the state after block 90, but the proven walk holds 2 (alice, bob), the claim says 3 (alice, bob) (C1, C10)",
    ]);
    const renamed = claims.map((claim) =>
      claim.subject.endsWith('non-voters') ? { ...claim, items: ['dave'] } : claim,
    );
    expect(unmetClaims(renamed, lines)).toHaveLength(1);
    expect(unmetClaims([{ subject: 'everything', state: 'complete', height: '90' }], lines)[0].words).toMatch(
      /\(R3\)$/,
    );
  });
});
