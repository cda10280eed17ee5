// Finds one URL of every kind of dashboard page on a running Polity service, through its public
// API (as a user with curl would), so scripts can visit them all without knowing ids in advance.

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
  const communityProposals = await proposalsOfGroup(base, community.id);
  const all = [...coreProposals.proposals, ...communityProposals.proposals];
  const now = Date.now();
  const open = communityProposals.proposals.find(
    (p) => p.status === 'PROPOSAL_STATUS_SUBMITTED' && Date.parse(p.voting_period_end) > now + 60_000,
  );
  const final = all.find((p) => p.status === 'PROPOSAL_STATUS_ACCEPTED' || p.status === 'PROPOSAL_STATUS_REJECTED');
  const { votes } = await api(base, `${G}/votes_by_proposal/${open.id}?pagination.limit=1`);
  const voter = votes[0].voter;
  return {
    overview: '/',
    groups: '/groups',
    group: `/groups/${core.id}`,
    'group-large': `/groups/${community.id}`,
    policy: `/policies/${coreProposals.policies[0].address}`,
    'proposal-open': `/proposals/${open.id}`,
    'proposal-final': `/proposals/${final.id}`,
    vote: `/proposals/${open.id}/votes/${voter}`,
    voter: `/voters/${voter}`,
    upgrades: '/upgrades',
    'error-not-found': '/groups/999999',
    'error-bad-input': '/groups/abc',
    'error-no-page': '/nowhere',
  };
}
