import type { APIRequestContext } from '@playwright/test';

import { api, groupNamed, policiesOf, proposalsOf } from './chain.ts';

interface Proposal {
  id: string;
  status: string;
  voting_period_end: string;
}

/** One URL of every kind of page on the running chain, found through its API as a user would. */
export async function everyPage(request: APIRequestContext): Promise<Record<string, string>> {
  const core = await groupNamed(request, 'Core contributors');
  const community = await groupNamed(request, 'Community assembly');
  const [corePolicy] = await policiesOf(request, core.id);
  const proposals: Proposal[] = [];
  for (const group of [core, community])
    for (const policy of await policiesOf(request, group.id))
      proposals.push(...(await proposalsOf(request, policy.address)));
  const open = proposals
    .filter((p) => p.status === 'PROPOSAL_STATUS_SUBMITTED' && Date.parse(p.voting_period_end) > Date.now() + 60_000)
    .sort((a, b) => Date.parse(b.voting_period_end) - Date.parse(a.voting_period_end))[0];
  const final = proposals.find(
    (p) => p.status === 'PROPOSAL_STATUS_ACCEPTED' || p.status === 'PROPOSAL_STATUS_REJECTED',
  );
  if (!open || !final) throw new Error('the demo chain has no open or no final proposal');
  const { votes } = await api<{ votes: { voter: string }[] }>(
    request,
    `/cosmos/group/v1/votes_by_proposal/${open.id}?pagination.limit=1`,
  );
  const voter = votes[0].voter;
  return {
    overview: '/',
    groups: '/groups',
    group: `/groups/${community.id}`,
    policy: `/policies/${corePolicy.address}`,
    'proposal (open)': `/proposals/${open.id}`,
    'proposal (final)': `/proposals/${final.id}`,
    vote: `/proposals/${open.id}/votes/${voter}`,
    voter: `/voters/${voter}`,
    upgrades: '/upgrades',
    'error (not found)': '/groups/999999',
    'error (bad input)': '/groups/abc',
    'error (no page)': '/nowhere',
  };
}
