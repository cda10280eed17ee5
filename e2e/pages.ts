import { expect, type APIRequestContext } from '@playwright/test';

import { api, ARCHIVE, archiveOpen, groupNamed, policiesOf, proposalsOf } from './chain.ts';

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
  const closed = proposals.find(
    (p) => p.status === 'PROPOSAL_STATUS_WITHDRAWN' || p.status === 'PROPOSAL_STATUS_ABORTED',
  );
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
    proposals: '/proposals',
    'proposal (open)': `/proposals/${open.id}`,
    'proposal (final)': `/proposals/${final.id}`,
    ...(closed ? { 'proposal (withdrawn or aborted)': `/proposals/${closed.id}` } : {}),
    vote: `/proposals/${open.id}/votes/${voter}`,
    voter: `/voters/${voter}`,
    inbox: `/inbox/${voter}`,
    following: '/following',
    upgrades: '/upgrades',
    'error (not found)': '/groups/999999',
    'error (bad input)': '/groups/abc',
    'error (no page)': '/nowhere',
  };
}

export interface OpenProposal {
  id: string;
  title: string;
  groupId: string;
  /** Votes stored when it was chosen. */
  votes: number;
}

/**
 * The open proposal with the most votes and at least `minutes` of voting left. The live chain
 * decides proposals as it goes (a try-to-execute vote can settle one early), so tests choose at
 * run time instead of naming one.
 */
export async function busiestOpenProposal(
  request: APIRequestContext,
  minutes = 5,
  passedOver: ReadonlySet<string> = new Set(),
): Promise<OpenProposal> {
  let best: OpenProposal | null = null;
  for (const name of ['Community assembly', 'Core contributors', 'Grants council', 'Daily polls']) {
    const group = await groupNamed(request, name);
    for (const policy of await policiesOf(request, group.id)) {
      for (const proposal of await proposalsOf(request, policy.address)) {
        const left = Date.parse(proposal.voting_period_end) - Date.now();
        if (proposal.status !== 'PROPOSAL_STATUS_SUBMITTED' || left < minutes * 60_000 || passedOver.has(proposal.id))
          continue;
        const { pagination } = await api<{ pagination: { total: string } }>(
          request,
          `/cosmos/group/v1/votes_by_proposal/${proposal.id}?pagination.limit=1&pagination.count_total=true`,
        );
        const votes = Number(pagination.total);
        if (!best || votes > best.votes) best = { id: proposal.id, title: proposal.title, groupId: group.id, votes };
      }
    }
  }
  if (!best) throw new Error('no proposal is open for long enough on this chain');
  return best;
}

/**
 * Runs `check` on the busiest open proposal. The chain may decide it early while the check runs
 * (the Community assembly's long proposal is rejected once "no" makes the threshold unreachable,
 * minutes into a run; sooner on a slow machine, as blocks keep their pace while the test slows),
 * and a decided proposal's votes are pruned: a check that failed on a proposal no longer open is
 * run again on the next busiest, never on a proposal the chain changed under it.
 */
export async function onABusyOpenProposal(
  request: APIRequestContext,
  check: (proposal: OpenProposal) => Promise<void>,
): Promise<void> {
  const passedOver = new Set<string>();
  for (;;) {
    const proposal = await busiestOpenProposal(request, 5, passedOver);
    try {
      await check(proposal);
      return;
    } catch (failure) {
      const { proposal: now } = (await (await request.get(`/cosmos/group/v1/proposal/${proposal.id}`)).json()) as {
        proposal: { status: string };
      };
      if (now.status === 'PROPOSAL_STATUS_SUBMITTED' || passedOver.size >= 2) throw failure;
      passedOver.add(proposal.id);
    }
  }
}

interface Bundle {
  facts: unknown[];
}

/** A proposal the archive holds proofs of (its prover runs a few blocks behind what it reads). */
export async function provenProposal(request: APIRequestContext): Promise<string> {
  await archiveOpen(request);
  let id = '';
  await expect
    .poll(
      async () => {
        const { proposals } = (await (await request.get(`${ARCHIVE}/proposals?pagination.limit=20`)).json()) as {
          proposals: { id: string }[];
        };
        for (const proposal of proposals) {
          const response = await request.get(`${ARCHIVE}/proofs/proposals/${proposal.id}`);
          if (response.ok() && ((await response.json()) as Bundle).facts.length > 0) {
            id = proposal.id;
            return true;
          }
        }
        return false;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  return id;
}
