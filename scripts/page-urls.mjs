// Finds one URL of every kind of dashboard page on a running Polity service, through its public
// API (as a user with curl would), so scripts can visit them all without knowing ids in advance.

import { bech32 } from 'bech32';

async function api(base, path) {
  const response = await fetch(base + path);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

const G = '/cosmos/group/v1';

async function groupNamed(base, name) {
  const { groups } = await api(base, `${G}/groups?pagination.limit=1000`);
  const group = groups.find((candidate) => candidate.metadata.includes(`"name":"${name}"`));
  if (!group) throw new Error(`no group named ${name}`);
  return group;
}

async function proposalsOfGroup(base, groupId) {
  const { group_policies: policies } = await api(base, `${G}/group_policies_by_group/${groupId}?pagination.limit=100`);
  const lists = await Promise.all(
    policies.map((policy) =>
      api(base, `${G}/proposals_by_group_policy/${policy.address}?pagination.limit=10000`).then((r) => r.proposals),
    ),
  );
  return { policies, proposals: lists.flat() };
}

/** Name → path of one page of each kind. */
export async function pageUrls(base) {
  const core = await groupNamed(base, 'Core contributors');
  const community = await groupNamed(base, 'Community assembly');
  const coreProposals = await proposalsOfGroup(base, core.id);
  const { groups } = await api(base, `${G}/groups?pagination.limit=1000`);
  const all = (await Promise.all(groups.map((group) => proposalsOfGroup(base, group.id)))).flatMap((g) => g.proposals);
  const now = Date.now();
  // An open proposal with votes and the most time left, so a visit sees it live.
  const open = all
    .filter((p) => p.status === 'PROPOSAL_STATUS_SUBMITTED' && Date.parse(p.voting_period_end) > now + 30_000)
    .sort((a, b) => Date.parse(b.voting_period_end) - Date.parse(a.voting_period_end));
  let live = null;
  let voter = null;
  for (const candidate of open) {
    const { votes } = await api(base, `${G}/votes_by_proposal/${candidate.id}?pagination.limit=1`);
    if (votes.length > 0) {
      live = candidate;
      voter = votes[0].voter;
      break;
    }
  }
  if (!live) throw new Error('no open proposal with votes on this chain right now');
  const final = all.find((p) => p.status === 'PROPOSAL_STATUS_ACCEPTED' || p.status === 'PROPOSAL_STATUS_REJECTED');
  const withdrawn = all.find((p) => p.status === 'PROPOSAL_STATUS_WITHDRAWN' || p.status === 'PROPOSAL_STATUS_ABORTED');
  return {
    overview: '/',
    groups: '/groups',
    group: `/groups/${core.id}`,
    'group-large': `/groups/${community.id}`,
    policy: `/policies/${coreProposals.policies[0].address}`,
    'proposal-open': `/proposals/${live.id}`,
    'proposal-final': `/proposals/${final.id}`,
    ...(withdrawn ? { 'proposal-withdrawn': `/proposals/${withdrawn.id}` } : {}),
    vote: `/proposals/${live.id}/votes/${voter}`,
    voter: `/voters/${voter}`,
    inbox: `/inbox/${voter}`,
    upgrades: '/upgrades',
    chains: '/chains',
    // The same key written for another chain: the page says whose it is.
    'error-other-chain': `/voters/${bech32.encode('regen', bech32.decode(voter).words)}`,
    'error-not-found': '/groups/999999',
    'error-bad-input': '/groups/abc',
    'error-no-page': '/nowhere',
  };
}
