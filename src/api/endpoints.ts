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

const GROUP = '/cosmos/group/v1';
const UPGRADE = '/cosmos/upgrade/v1beta1';
const segment = encodeURIComponent;

interface Options {
  signal?: AbortSignal;
}
interface ListOptions extends Options {
  param: PageParam;
  limit?: number;
  reverse?: boolean;
}

async function list<K extends string, T>(
  endpoint: string,
  path: string,
  schema: Parameters<typeof getJson>[2],
  field: K,
  options: ListOptions,
): Promise<Page<T>> {
  const response = (await getJson(endpoint, path, schema, {
    query: pageQuery(options.param, options.limit, options.reverse),
    signal: options.signal,
  })) as Fetched<Record<K, T[]> & { pagination: Page<T>['pagination'] }>;
  return { rows: response.data[field], pagination: response.data.pagination, param: options.param };
}

export const getGroupInfo = (endpoint: string, groupId: string, options: Options = {}) =>
  getJson(endpoint, `${GROUP}/group_info/${segment(groupId)}`, responses.groupInfo, options).then(
    ({ data }) => data.info,
  );

export const getGroupPolicyInfo = (endpoint: string, address: string, options: Options = {}) =>
  getJson(endpoint, `${GROUP}/group_policy_info/${segment(address)}`, responses.groupPolicyInfo, options).then(
    ({ data }) => data.info,
  );

export const getGroupMembers = (endpoint: string, groupId: string, options: ListOptions) =>
  list<'members', GroupMember>(
    endpoint,
    `${GROUP}/group_members/${segment(groupId)}`,
    responses.groupMembers,
    'members',
    options,
  );

export const getGroups = (endpoint: string, options: ListOptions) =>
  list<'groups', GroupInfo>(endpoint, `${GROUP}/groups`, responses.groups, 'groups', options);

export const getGroupsByAdmin = (endpoint: string, admin: string, options: ListOptions) =>
  list<'groups', GroupInfo>(
    endpoint,
    `${GROUP}/groups_by_admin/${segment(admin)}`,
    responses.groups,
    'groups',
    options,
  );

export const getGroupsByMember = (endpoint: string, address: string, options: ListOptions) =>
  list<'groups', GroupInfo>(
    endpoint,
    `${GROUP}/groups_by_member/${segment(address)}`,
    responses.groups,
    'groups',
    options,
  );

export const getGroupPoliciesByGroup = (endpoint: string, groupId: string, options: ListOptions) =>
  list<'group_policies', GroupPolicyInfo>(
    endpoint,
    `${GROUP}/group_policies_by_group/${segment(groupId)}`,
    responses.groupPolicies,
    'group_policies',
    options,
  );

export const getGroupPoliciesByAdmin = (endpoint: string, admin: string, options: ListOptions) =>
  list<'group_policies', GroupPolicyInfo>(
    endpoint,
    `${GROUP}/group_policies_by_admin/${segment(admin)}`,
    responses.groupPolicies,
    'group_policies',
    options,
  );

export const getProposal = (endpoint: string, id: string, options: Options = {}) =>
  getJson(endpoint, `${GROUP}/proposal/${segment(id)}`, responses.proposal, options).then(({ data }) => data.proposal);

export const getTally = (endpoint: string, id: string, options: Options = {}) =>
  getJson(endpoint, `${GROUP}/proposals/${segment(id)}/tally`, responses.tally, options).then(({ data, height }) => ({
    tally: data.tally,
    height,
  }));

export const getProposalsByGroupPolicy = (endpoint: string, address: string, options: ListOptions) =>
  list<'proposals', Proposal>(
    endpoint,
    `${GROUP}/proposals_by_group_policy/${segment(address)}`,
    responses.proposals,
    'proposals',
    options,
  );

export const getVote = (endpoint: string, proposalId: string, voter: string, options: Options = {}) =>
  getJson(
    endpoint,
    `${GROUP}/vote_by_proposal_voter/${segment(proposalId)}/${segment(voter)}`,
    responses.vote,
    options,
  ).then(({ data }) => data.vote);

export const getVotesByProposal = (endpoint: string, proposalId: string, options: ListOptions) =>
  list<'votes', Vote>(endpoint, `${GROUP}/votes_by_proposal/${segment(proposalId)}`, responses.votes, 'votes', options);

export const getVotesByVoter = (endpoint: string, voter: string, options: ListOptions) =>
  list<'votes', Vote>(endpoint, `${GROUP}/votes_by_voter/${segment(voter)}`, responses.votes, 'votes', options);

export const getAppliedPlan = (endpoint: string, name: string, options: Options = {}) =>
  getJson(endpoint, `${UPGRADE}/applied_plan/${segment(name)}`, responses.appliedPlan, options).then(
    ({ data }) => data.height,
  );

export const getModuleVersions = (endpoint: string, moduleName?: string, options: Options = {}) =>
  getJson(endpoint, `${UPGRADE}/module_versions`, responses.moduleVersions, {
    ...options,
    query: moduleName ? new URLSearchParams({ module_name: moduleName }) : undefined,
  }).then(({ data, height }) => ({ versions: data.module_versions, height }));

export const getUpgradedConsensusState = (endpoint: string, lastHeight: string, options: Options = {}) =>
  getJson(
    endpoint,
    `${UPGRADE}/upgraded_consensus_state/${segment(lastHeight)}`,
    responses.upgradedConsensusState,
    options,
  ).then(({ data }) => data.upgraded_consensus_state);

export const getCurrentPlan = (endpoint: string, options: Options = {}) =>
  getJson(endpoint, `${UPGRADE}/current_plan`, responses.currentPlan, options).then(({ data, height }) => ({
    plan: data.plan,
    height,
  }));
