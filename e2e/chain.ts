import { expect, type APIRequestContext } from '@playwright/test';

// Test helpers that look things up through the public API, as a user with curl would.

interface GroupInfo {
  id: string;
  admin: string;
  metadata: string;
}
interface PolicyInfo {
  address: string;
  metadata: string;
  decision_policy: Record<string, unknown>;
}
interface Proposal {
  id: string;
  title: string;
  status: string;
  voting_period_end: string;
  group_policy_address: string;
  messages: { '@type': string }[];
}

export const ARCHIVE = '/polity/archive/v1';

/**
 * Waits for the archive to open its database: its status answers at once (phase "starting"),
 * its records only once it is open (503 until then), as a person would see it do.
 */
export async function archiveOpen(request: APIRequestContext): Promise<void> {
  await expect.poll(async () => (await request.get(`${ARCHIVE}/upgrades`)).status(), { timeout: 60_000 }).toBe(200);
}

/** An archive path's JSON (relative to /polity/archive/v1/), once the archive is open. */
export async function archiveJson<T>(request: APIRequestContext, path: string): Promise<T> {
  await archiveOpen(request);
  const response = await request.get(`${ARCHIVE}/${path}`);
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

export async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const r = await request.get(path);
  expect(r.status(), path).toBe(200);
  return (await r.json()) as T;
}

export async function groupNamed(request: APIRequestContext, name: string): Promise<GroupInfo> {
  const { groups } = await api<{ groups: GroupInfo[] }>(request, '/cosmos/group/v1/groups?pagination.limit=1000');
  const g = groups.find((x) => x.metadata.includes(`"name":"${name}"`));
  if (!g) throw new Error(`no group named ${name}`);
  return g;
}

export async function policiesOf(request: APIRequestContext, groupId: string): Promise<PolicyInfo[]> {
  return (
    await api<{ group_policies: PolicyInfo[] }>(
      request,
      `/cosmos/group/v1/group_policies_by_group/${groupId}?pagination.limit=100`,
    )
  ).group_policies;
}

export async function proposalsOf(request: APIRequestContext, policy: string): Promise<Proposal[]> {
  return (
    await api<{ proposals: Proposal[] }>(
      request,
      `/cosmos/group/v1/proposals_by_group_policy/${policy}?pagination.limit=10000`,
    )
  ).proposals;
}

export async function proposalTitled(request: APIRequestContext, group: string, title: string): Promise<Proposal> {
  const g = await groupNamed(request, group);
  for (const p of await policiesOf(request, g.id)) {
    const found = (await proposalsOf(request, p.address)).find((x) => x.title === title);
    if (found) return found;
  }
  throw new Error(`no proposal "${title}" in ${group}`);
}

/** The newest open quick poll of the Community assembly with at least `remainingMs` of voting left. */
export async function openQuickPoll(request: APIRequestContext, remainingMs: number): Promise<Proposal> {
  const community = await groupNamed(request, 'Community assembly');
  const quick = (await policiesOf(request, community.id)).find((p) => p.metadata.includes('Quick polls'))!;
  let target: Proposal | undefined;
  await expect
    .poll(
      async () => {
        const open = (await proposalsOf(request, quick.address)).filter(
          (p) => p.status === 'PROPOSAL_STATUS_SUBMITTED' && Date.parse(p.voting_period_end) - Date.now() > remainingMs,
        );
        target = open.at(-1);
        return target !== undefined;
      },
      // A quick poll opens about every 30 s here (live proposals go to one of several policies
      // at random) and is young enough for only a few seconds: 45 s missed them all about one
      // run in twelve on a busy machine.
      { timeout: 100_000, intervals: [500] },
    )
    .toBe(true);
  return target!;
}
