import * as v from 'valibot';

import { proposalFromArchive } from './archive-as-node.ts';
import {
  ARCHIVE,
  archiveList,
  getArchivedProposals,
  getArchiveJson,
  segment,
  type ListOptions,
  type Options,
} from './archive.ts';
import type { Page } from './pagination.ts';
import {
  decimal,
  decisionPolicy,
  uint64,
  type GroupInfo,
  type GroupMember,
  type GroupPolicyInfo,
  type Proposal,
} from './schemas.ts';

// The archive's groups, members, policies and proposals in the node's shapes: what a page shows
// once the chain's upgrade removed x/group and its node answers those routes 501. Loaded only then
// (a dynamic import), so no page carries these schemas before it needs them.

/** RFC 3339 as the archive copies it from the node (the node's schemas check it where it is shown). */
const time = v.string();

const archivedGroup = v.object({
  id: uint64,
  admin: v.string(),
  metadata: v.string(),
  version: uint64,
  total_weight: decimal,
  created_at: time,
});

const archivedMember = v.object({
  group_id: uint64,
  address: v.string(),
  weight: decimal,
  metadata: v.string(),
  added_at: time,
});

const archivedPolicy = v.object({
  address: v.string(),
  group_id: uint64,
  admin: v.string(),
  metadata: v.string(),
  version: uint64,
  decision_policy: decisionPolicy,
  created_at: time,
});

const pagination = v.object({ next_key: v.nullable(v.string()), total: uint64 });

const responses = {
  group: v.object({ group: archivedGroup }),
  groups: v.object({ groups: v.array(archivedGroup), pagination }),
  members: v.object({ members: v.array(archivedMember), pagination }),
  policies: v.object({ policies: v.array(archivedPolicy) }),
  policiesPage: v.object({ policies: v.array(archivedPolicy), pagination }),
  policy: v.object({ policy: archivedPolicy }),
};

export type ArchivedGroupFilter = { admin?: string; member?: string; order?: 'asc' | 'desc' };

export const getArchivedGroupInfo = (endpoint: string, id: string, options: Options = {}): Promise<GroupInfo> =>
  getArchiveJson(endpoint, `${ARCHIVE}/groups/${segment(id)}`, responses.group, options).then(({ data }) => data.group);

export const getArchivedPolicyInfo = (
  endpoint: string,
  address: string,
  options: Options = {},
): Promise<GroupPolicyInfo> =>
  getArchiveJson(endpoint, `${ARCHIVE}/policies/${segment(address)}`, responses.policy, options).then(
    ({ data }) => data.policy,
  );

export const getArchivedGroups = (
  endpoint: string,
  filter: ArchivedGroupFilter,
  options: ListOptions,
): Promise<Page<GroupInfo>> => archiveList<GroupInfo>(endpoint, 'groups', responses.groups, 'groups', filter, options);

export async function getArchivedMembers(
  endpoint: string,
  groupId: string,
  options: ListOptions,
): Promise<Page<GroupMember>> {
  const page = await archiveList<v.InferOutput<typeof archivedMember>>(
    endpoint,
    `groups/${segment(groupId)}/members`,
    responses.members,
    'members',
    {},
    options,
  );
  const rows = page.rows.map(({ group_id, address, weight, metadata, added_at }) => ({
    group_id,
    member: { address, weight, metadata, added_at },
  }));
  return { ...page, rows };
}

/** A group's policies, all of them in one page (the archive does not page them). */
export async function getArchivedPoliciesOfGroup(
  endpoint: string,
  groupId: string,
  options: ListOptions,
): Promise<Page<GroupPolicyInfo>> {
  const { data } = await getArchiveJson(
    endpoint,
    `${ARCHIVE}/groups/${segment(groupId)}/policies`,
    responses.policies,
    {
      signal: options.signal,
    },
  );
  return {
    rows: data.policies,
    pagination: { next_key: null, total: String(data.policies.length) },
    param: options.param,
  };
}

/** The policies an address administers, paged in the node's order (`group_policies_by_admin`'s). */
export const getArchivedPoliciesByAdmin = (
  endpoint: string,
  admin: string,
  options: ListOptions,
): Promise<Page<GroupPolicyInfo>> =>
  archiveList<GroupPolicyInfo>(endpoint, 'policies', responses.policiesPage, 'policies', { admin }, options);

/**
 * Proposals the archive kept, pruned ones included, as the node's proposals (a record the archive
 * knew only from a prune event has no times, and is left out).
 */
export async function getArchivedProposalsAsNode(
  endpoint: string,
  filter: { group_id?: string; group_policy_address?: string; order: 'asc' | 'desc' },
  options: ListOptions,
): Promise<Page<Proposal>> {
  const page = await getArchivedProposals(endpoint, { ...filter, order_by: 'id' }, options);
  return { ...page, rows: page.rows.map(proposalFromArchive).filter((row): row is Proposal => row !== null) };
}

/**
 * A group's policies and its newest proposals the archive kept, pruned ones included: as many as
 * the node's list of each policy's newest would show.
 */
export async function getArchivedLatestProposals(
  endpoint: string,
  groupId: string,
  perPolicy: number,
  signal: AbortSignal,
): Promise<{ proposals: Proposal[]; policies: GroupPolicyInfo[] }> {
  const policies = await getArchivedPoliciesOfGroup(endpoint, groupId, { param: null, signal });
  const limit = Math.min(perPolicy * Math.max(1, policies.rows.length), 100);
  const proposals = await getArchivedProposalsAsNode(
    endpoint,
    { group_id: groupId, order: 'desc' },
    { param: null, limit, signal },
  );
  return { proposals: proposals.rows, policies: policies.rows };
}
