import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { archivedUpTo, DATABASE_KINDS, followNode, type TestArchive } from '../../test/archive-harness.ts';
import { startHarness, type Harness } from '../../test/harness.ts';

// The archive answers for groups and policies what the node's x/group routes answered, so a
// dashboard can still show them once the chain's upgrade removed x/group (the embedded chain with
// dropGroupAt, as in group-departure.test.ts): every group (by admin, by member), one group, one
// policy, an admin's policies — compared with the node's own answers read just before the upgrade.

const SEED = 'test-seed';
const DROP_AT = 'v6-cirrus';
const API = '/polity/archive/v1';
const NODE = '/cosmos/group/v1';

interface GroupJson {
  id: string;
  admin: string;
  metadata: string;
  version: string;
  total_weight: string;
  created_at: string;
}
interface PolicyJson {
  address: string;
  group_id: string;
  admin: string;
}
interface PoliciesJson {
  policies: (PolicyJson & { proof: unknown })[];
  pagination: { next_key: string | null; total: string };
}
interface GroupsJson {
  groups: (GroupJson & { name?: string })[];
  pagination: { next_key: string | null; total: string };
}

/** The node's fields of a group, without what the archive adds (its name). */
const nodeFields = ({ id, admin, metadata, version, total_weight, created_at }: GroupJson) => ({
  id,
  admin,
  metadata,
  version,
  total_weight,
  created_at,
});

describe.each(DATABASE_KINDS)('the archive’s groups and policies after x/group left, on $kind', (kind) => {
  let h: Harness;
  let archive: TestArchive | undefined;
  let drop: () => Promise<void>;
  let nodeGroups: GroupJson[] = [];
  const nodePolicies = new Map<string, PolicyJson>();
  let admin = '';
  let nodeByAdmin: GroupJson[] = [];
  let member = '';
  let nodeByMember: GroupJson[] = [];
  let policyAdmin = '';
  let nodeByPolicyAdmin: PolicyJson[] = [];

  const json = async <T>(path: string) => (await h.get(path)).json as T;

  beforeAll(async () => {
    h = await startHarness({ seed: SEED, dropGroupAt: DROP_AT, keepRecent: 500, archive: () => archive ?? null });
    for (let step = 0; step < 400; step++) {
      const pending = h.node.upgrade.pending?.plan;
      if (pending?.name === DROP_AT && h.node.height === pending.height - 1n) break;
      h.node.advance(1, 5000);
    }
    const created = await kind.create();
    drop = created.drop;
    archive = await followNode(h.base, created.database);
    await archivedUpTo(archive, h.node.height);
    // What the node answered while it had x/group.
    nodeGroups = (await json<GroupsJson>(`${NODE}/groups?pagination.limit=1000`)).groups;
    for (const { id } of nodeGroups) {
      const { group_policies } = await json<{ group_policies: PolicyJson[] }>(
        `${NODE}/group_policies_by_group/${id}?pagination.limit=1000`,
      );
      for (const policy of group_policies)
        nodePolicies.set(
          policy.address,
          (await json<{ info: PolicyJson }>(`${NODE}/group_policy_info/${policy.address}`)).info,
        );
    }
    admin = nodeGroups[0].admin;
    // The admin of the most policies, so its list has an order and pages to compare.
    const policiesOf = (address: string) => [...nodePolicies.values()].filter((policy) => policy.admin === address);
    policyAdmin = [...new Set([...nodePolicies.values()].map((policy) => policy.admin))].reduce((most, next) =>
      policiesOf(next).length > policiesOf(most).length ? next : most,
    );
    nodeByPolicyAdmin = (
      await json<{ group_policies: PolicyJson[] }>(
        `${NODE}/group_policies_by_admin/${policyAdmin}?pagination.limit=1000`,
      )
    ).group_policies;
    nodeByAdmin = (await json<GroupsJson>(`${NODE}/groups_by_admin/${admin}?pagination.limit=1000`)).groups;
    const { members } = await json<{ members: { member: { address: string } }[] }>(
      `${NODE}/group_members/${nodeGroups[0].id}`,
    );
    member = members[members.length - 1].member.address;
    nodeByMember = (await json<GroupsJson>(`${NODE}/groups_by_member/${member}?pagination.limit=1000`)).groups;
    h.node.advance(5, 5000);
    await archivedUpTo(archive, h.node.height, 30_000);
  }, 300_000);

  afterAll(async () => {
    await archive?.close();
    await drop?.();
    await h?.close();
  });

  it('answers every group, one group and one policy as the node did before x/group left', async () => {
    expect((await h.get(`${NODE}/groups`)).status).toBe(501);
    expect(nodeGroups.length).toBeGreaterThan(1);
    const all = await json<GroupsJson>(`${API}/groups?pagination.limit=1000&pagination.count_total=true`);
    expect(all.groups.map(nodeFields)).toEqual(nodeGroups);
    expect(all.pagination).toEqual({ next_key: null, total: String(nodeGroups.length) });
    for (const group of nodeGroups)
      expect(nodeFields((await json<{ group: GroupJson }>(`${API}/groups/${group.id}`)).group)).toEqual(group);
    expect(nodePolicies.size).toBeGreaterThan(0);
    for (const [address, policy] of nodePolicies) {
      const { policy: archived } = await json<{ policy: PolicyJson & { proof: unknown } }>(
        `${API}/policies/${address}`,
      );
      const { proof, ...fields } = archived;
      expect(fields).toEqual(policy);
      expect(proof).toBeDefined();
    }
  });

  it('lists an admin’s and a member’s groups, newest first on request, a page at a time', async () => {
    expect((await json<GroupsJson>(`${API}/groups?admin=${admin}`)).groups.map(nodeFields)).toEqual(nodeByAdmin);
    expect(nodeByMember.length).toBeGreaterThan(0);
    expect((await json<GroupsJson>(`${API}/groups?member=${member}`)).groups.map(nodeFields)).toEqual(nodeByMember);
    const newest = await json<GroupsJson>(`${API}/groups?order=desc&pagination.limit=1`);
    expect(newest.groups.map(nodeFields)).toEqual([nodeGroups[nodeGroups.length - 1]]);
    const next = await json<GroupsJson>(
      `${API}/groups?order=desc&pagination.limit=1&pagination.key=${newest.pagination.next_key}`,
    );
    expect(next.groups.map(nodeFields)).toEqual([nodeGroups[nodeGroups.length - 2]]);
  });

  it('lists an admin’s policies as the node ordered them, each with its proof, a page at a time', async () => {
    expect((await h.get(`${NODE}/group_policies_by_admin/${policyAdmin}`)).status).toBe(501);
    expect(nodeByPolicyAdmin.length).toBeGreaterThan(2);
    // Others administer policies too, so a list that ignored its admin would show.
    expect(nodePolicies.size).toBeGreaterThan(nodeByPolicyAdmin.length);
    const all = await json<PoliciesJson>(`${API}/policies?admin=${policyAdmin}&pagination.count_total=true`);
    expect(all.policies.map(({ proof: _proof, ...fields }) => fields)).toEqual(nodeByPolicyAdmin);
    for (const policy of all.policies) expect(policy.proof).toBeDefined();
    expect(all.pagination).toEqual({ next_key: null, total: String(nodeByPolicyAdmin.length) });
    // Two at a time; a key that did not move past its page would ask forever, so the pages are counted.
    const paged: string[] = [];
    let key: string | null = null;
    for (let pages = 0; pages === 0 || key !== null; pages++) {
      expect(pages).toBeLessThan(nodeByPolicyAdmin.length);
      const after: string = key === null ? '' : `&pagination.key=${encodeURIComponent(key)}`;
      const page: PoliciesJson = await json<PoliciesJson>(
        `${API}/policies?admin=${policyAdmin}&pagination.limit=2${after}`,
      );
      expect(page.policies.length).toBeLessThanOrEqual(2);
      paged.push(...page.policies.map((policy) => policy.address));
      key = page.pagination.next_key;
    }
    expect(paged).toEqual(nodeByPolicyAdmin.map((policy) => policy.address));
    const nobody = bech32.encode('cosmos', bech32.toWords(new Uint8Array(20).fill(0x7f)));
    expect(await json<PoliciesJson>(`${API}/policies?admin=${nobody}`)).toEqual({
      policies: [],
      pagination: { next_key: null, total: '0' },
    });
  });

  it('says what is not there, and what is not an id or an address', async () => {
    const missing = await h.get(`${API}/groups/999999`);
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: 5, message: 'group 999999 is not in the archive' });
    expect((await h.get(`${API}/groups/abc`)).status).toBe(400);
    expect((await h.get(`${API}/policies/cosmos1notanaddress`)).status).toBe(400);
    expect((await h.get(`${API}/groups?admin=x`)).status).toBe(400);
    const everyPolicy = await h.get(`${API}/policies`);
    expect(everyPolicy.status).toBe(400);
    expect(everyPolicy.json).toMatchObject({ code: 3, message: expect.stringContaining('admin is required') });
    expect((await h.get(`${API}/policies?admin=cosmos1notanaddress`)).status).toBe(400);
    const unknownPolicy = bech32.encode('cosmos', bech32.toWords(new Uint8Array(32).fill(0x7f)));
    const neverSeen = await h.get(`${API}/policies/${unknownPolicy}`);
    expect(neverSeen.status).toBe(404);
    expect(neverSeen.json).toMatchObject({ code: 5 });
  });
});
