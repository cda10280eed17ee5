import { describe, expect, it } from 'vitest';

import { claimsOf, unmetClaims } from './claims.ts';
import { completenessOf } from './completeness.ts';

// The archive claims what its own statements show complete; the verifier holds a bundle to that.

const votes = {
  height: '90',
  statement: { kind: 'vote-set', proposal_id: '7', count: '2', options: 'YES 2', ballots: 'alice=YES bob=YES' },
};
const members = {
  height: '90',
  statement: { kind: 'member-set', group_id: '2', count: '3', members: 'alice=2 bob=1 carol=1' },
};
const record = {
  height: '91',
  statement: { kind: 'proposal', proposal_id: '7', status: 'PROPOSAL_STATUS_ACCEPTED', final_tally: '3/0/0/0' },
};

describe('claims of completeness', () => {
  const claims = claimsOf(completenessOf([votes, members, record]));

  it('claims the complete sets and the reconciled tally, and the whole bundle bears them out', () => {
    expect(claims).toEqual([
      { subject: "proposal #7's votes", state: 'complete', height: '90' },
      { subject: "proposal #7's non-voters", state: 'complete', height: '90' },
      { subject: "proposal #7's final tally", state: 'reconciled', height: '90' },
    ]);
    expect(unmetClaims(claims, completenessOf([votes, members, record]))).toEqual([]);
  });

  it('names each claim the proven facts no longer show, and why', () => {
    const unmet = unmetClaims(claims, completenessOf([members, record]));
    expect(unmet.map((line) => [line.state, line.words])).toEqual([
      [
        'overclaimed',
        "not shown: the bundle claims proposal #7's votes complete in the state after block 90, but it proves no such set (its range is missing, or refused above)",
      ],
      [
        'overclaimed',
        "not shown: the bundle claims proposal #7's non-voters complete in the state after block 90, but it proves no such set (its range is missing, or refused above)",
      ],
      [
        'overclaimed',
        "not shown: the bundle claims proposal #7's final tally reconciled in the state after block 90, but it proves no vote set and member set in one state to add the final tally up against",
      ],
    ]);
  });

  it('says what the bundle shows instead when it shows less than claimed', () => {
    const fewer = { ...votes, statement: { ...votes.statement, ballots: 'alice=YES' } };
    const [unmet] = unmetClaims(
      claims.filter((claim) => claim.state === 'reconciled'),
      completenessOf([fewer, members, record]),
    );
    expect(unmet.words).toBe(
      "not shown: the bundle claims proposal #7's final tally reconciled in the state after block 90, but it shows instead: incomplete: yes weight 1 of 3 not in this bundle (the proven votes at the members' weights add up to 2/0/0/0; the final tally says 3/0/0/0)",
    );
  });
});
