import { getJson, type Fetched } from './client.ts';
import { pageQuery, type Page, type PageParam } from './pagination.ts';
import {
  responses,
  type GroupInfo,
  type GroupMember,
  type GroupPolicyInfo,
  type Proposal,
  type Vote,
} from './schemas.ts';

// One function per REST endpoint. Path parameters are encoded here, and only here.

const G = '/cosmos/group/v1';
const U = '/cosmos/upgrade/v1beta1';
const seg = encodeURIComponent;

interface Opts {
  signal?: AbortSignal;
}
interface ListOpts extends Opts {
  param: PageParam;
  limit?: number;
  reverse?: boolean;
}

async function list<K extends string, T>(
  endpoint: string,
  path: string,
  schema: Parameters<typeof getJson>[2],
  field: K,
  o: ListOpts,
): Promise<Page<T>> {
  const r = (await getJson(endpoint, path, schema, {
    query: pageQuery(o.param, o.limit, o.reverse),
    signal: o.signal,
  })) as Fetched<Record<K, T[]> & { pagination: Page<T>['pagination'] }>;
  return { rows: r.data[field], pagination: r.data.pagination, param: o.param };
}

export const getGroupInfo = (e: string, groupId: string, o: Opts = {}) =>
  getJson(e, `${G}/group_info/${seg(groupId)}`, responses.groupInfo, o).then((r) => r.data.info);

export const getGroupPolicyInfo = (e: string, address: string, o: Opts = {}) =>
  getJson(e, `${G}/group_policy_info/${seg(address)}`, responses.groupPolicyInfo, o).then((r) => r.data.info);

export const getGroupMembers = (e: string, groupId: string, o: ListOpts) =>
  list<'members', GroupMember>(e, `${G}/group_members/${seg(groupId)}`, responses.groupMembers, 'members', o);

export const getGroups = (e: string, o: ListOpts) =>
  list<'groups', GroupInfo>(e, `${G}/groups`, responses.groups, 'groups', o);

export const getGroupsByAdmin = (e: string, admin: string, o: ListOpts) =>
  list<'groups', GroupInfo>(e, `${G}/groups_by_admin/${seg(admin)}`, responses.groups, 'groups', o);

export const getGroupsByMember = (e: string, address: string, o: ListOpts) =>
  list<'groups', GroupInfo>(e, `${G}/groups_by_member/${seg(address)}`, responses.groups, 'groups', o);

export const getGroupPoliciesByGroup = (e: string, groupId: string, o: ListOpts) =>
  list<'group_policies', GroupPolicyInfo>(
    e,
    `${G}/group_policies_by_group/${seg(groupId)}`,
    responses.groupPolicies,
    'group_policies',
    o,
  );

export const getGroupPoliciesByAdmin = (e: string, admin: string, o: ListOpts) =>
  list<'group_policies', GroupPolicyInfo>(
    e,
    `${G}/group_policies_by_admin/${seg(admin)}`,
    responses.groupPolicies,
    'group_policies',
    o,
  );

export const getProposal = (e: string, id: string, o: Opts = {}) =>
  getJson(e, `${G}/proposal/${seg(id)}`, responses.proposal, o).then((r) => r.data.proposal);

export const getTally = (e: string, id: string, o: Opts = {}) =>
  getJson(e, `${G}/proposals/${seg(id)}/tally`, responses.tally, o).then((r) => ({
    tally: r.data.tally,
    height: r.height,
  }));

export const getProposalsByGroupPolicy = (e: string, address: string, o: ListOpts) =>
  list<'proposals', Proposal>(e, `${G}/proposals_by_group_policy/${seg(address)}`, responses.proposals, 'proposals', o);

export const getVote = (e: string, proposalId: string, voter: string, o: Opts = {}) =>
  getJson(e, `${G}/vote_by_proposal_voter/${seg(proposalId)}/${seg(voter)}`, responses.vote, o).then(
    (r) => r.data.vote,
  );

export const getVotesByProposal = (e: string, proposalId: string, o: ListOpts) =>
  list<'votes', Vote>(e, `${G}/votes_by_proposal/${seg(proposalId)}`, responses.votes, 'votes', o);

export const getVotesByVoter = (e: string, voter: string, o: ListOpts) =>
  list<'votes', Vote>(e, `${G}/votes_by_voter/${seg(voter)}`, responses.votes, 'votes', o);

export const getAppliedPlan = (e: string, name: string, o: Opts = {}) =>
  getJson(e, `${U}/applied_plan/${seg(name)}`, responses.appliedPlan, o).then((r) => r.data.height);

export const getModuleVersions = (e: string, moduleName?: string, o: Opts = {}) =>
  getJson(e, `${U}/module_versions`, responses.moduleVersions, {
    ...o,
    query: moduleName ? new URLSearchParams({ module_name: moduleName }) : undefined,
  }).then((r) => ({ versions: r.data.module_versions, height: r.height }));

export const getUpgradedConsensusState = (e: string, lastHeight: string, o: Opts = {}) =>
  getJson(e, `${U}/upgraded_consensus_state/${seg(lastHeight)}`, responses.upgradedConsensusState, o).then(
    (r) => r.data.upgraded_consensus_state,
  );

export const getCurrentPlan = (e: string, o: Opts = {}) =>
  getJson(e, `${U}/current_plan`, responses.currentPlan, o).then((r) => ({ plan: r.data.plan, height: r.height }));
