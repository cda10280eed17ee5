import { ACCOUNT_PREFIX } from '../lib/bech32-sdk.ts';
import type { Coin } from '../queries/bank-queries.ts';
import { BLOCK_SERVICE_ROUTES } from './block-service.ts';
import { govProposalJson } from './json/gov-json.ts';
import { bytesOrNull } from './json/json-encoding.ts';
import {
  groupInfoJson,
  groupMemberJson,
  listJson,
  moduleVersionJson,
  planJson,
  policyInfoJson,
  proposalJson,
  tallyJson,
  voteJson,
} from './json/record-json.ts';
import { STAKING_PARAMS_JSON } from './json/staking-params.ts';
import { route, type Route } from './route.ts';

const GROUP = 'cosmos/group/v1';
const UPGRADE = 'cosmos/upgrade/v1beta1';
const GOV = 'cosmos/gov/v1';
const AUTH = 'cosmos/auth/v1beta1';
const STAKING = 'cosmos/staking/v1beta1';
const BANK = 'cosmos/bank/v1beta1';

/** x/bank's coins, as its REST answers list them (count_total on, as with no page asked). */
const coinsJson = (field: string, coins: readonly Coin[]) =>
  `{"${field}":[${coins.map((coin) => `{"denom":"${coin.denom}","amount":"${coin.amount}"}`).join(',')}],"pagination":{"next_key":null,"total":"${coins.length}"}}`;

/**
 * The node's REST routes for x/group, x/upgrade, x/gov and the CometBFT block service: path,
 * parameter kinds, query method, encoding.
 */
export const ROUTES: readonly Route[] = [
  route(
    `${GROUP}/group_info/{group_id:uint64}`,
    'none',
    (queries, request) => queries.group.groupInfo({ groupId: request.integer('group_id') }),
    (info) => `{"info":${groupInfoJson(info)}}`,
  ),
  route(
    `${GROUP}/group_policy_info/{address:address}`,
    'none',
    (queries, request) => queries.group.groupPolicyInfo({ address: request.text('address') }),
    (info) => `{"info":${policyInfoJson(info)}}`,
  ),
  route(
    `${GROUP}/group_members/{group_id:uint64}`,
    'pagination',
    (queries, request) =>
      queries.group.groupMembers({ groupId: request.integer('group_id'), pagination: request.pagination }),
    (page) => listJson('members', page, groupMemberJson),
  ),
  route(
    `${GROUP}/groups_by_admin/{admin:address}`,
    'pagination',
    (queries, request) =>
      queries.group.groupsByAdmin({ address: request.text('admin'), pagination: request.pagination }),
    (page) => listJson('groups', page, groupInfoJson),
  ),
  route(
    `${GROUP}/groups`,
    'pagination',
    (queries, request) => queries.group.groups({ pagination: request.pagination }),
    (page) => listJson('groups', page, groupInfoJson),
  ),
  route(
    `${GROUP}/groups_by_member/{address:address}`,
    'pagination',
    (queries, request) =>
      queries.group.groupsByMember({ address: request.text('address'), pagination: request.pagination }),
    (page) => listJson('groups', page, groupInfoJson),
  ),
  route(
    `${GROUP}/group_policies_by_group/{group_id:uint64}`,
    'pagination',
    (queries, request) =>
      queries.group.groupPoliciesByGroup({ groupId: request.integer('group_id'), pagination: request.pagination }),
    (page) => listJson('group_policies', page, policyInfoJson),
  ),
  route(
    `${GROUP}/group_policies_by_admin/{admin:address}`,
    'pagination',
    (queries, request) =>
      queries.group.groupPoliciesByAdmin({ address: request.text('admin'), pagination: request.pagination }),
    (page) => listJson('group_policies', page, policyInfoJson),
  ),
  route(
    `${GROUP}/proposal/{proposal_id:uint64}`,
    'none',
    (queries, request) => queries.group.proposal({ proposalId: request.integer('proposal_id') }),
    (proposal) => `{"proposal":${proposalJson(proposal)}}`,
  ),
  route(
    `${GROUP}/proposals/{proposal_id:uint64}/tally`,
    'none',
    (queries, request) => queries.group.tallyResult({ proposalId: request.integer('proposal_id') }),
    (tally) => `{"tally":${tallyJson(tally)}}`,
  ),
  route(
    `${GROUP}/proposals_by_group_policy/{address:address}`,
    'pagination',
    (queries, request) =>
      queries.group.proposalsByGroupPolicy({ address: request.text('address'), pagination: request.pagination }),
    (page) => listJson('proposals', page, proposalJson),
  ),
  route(
    `${GROUP}/vote_by_proposal_voter/{proposal_id:uint64}/{voter:address}`,
    'none',
    (queries, request) =>
      queries.group.voteByProposalVoter({ proposalId: request.integer('proposal_id'), voter: request.text('voter') }),
    (vote) => `{"vote":${voteJson(vote)}}`,
  ),
  route(
    `${GROUP}/votes_by_proposal/{proposal_id:uint64}`,
    'pagination',
    (queries, request) =>
      queries.group.votesByProposal({ proposalId: request.integer('proposal_id'), pagination: request.pagination }),
    (page) => listJson('votes', page, voteJson),
  ),
  route(
    `${GROUP}/votes_by_voter/{voter:address}`,
    'pagination',
    (queries, request) =>
      queries.group.votesByVoter({ address: request.text('voter'), pagination: request.pagination }),
    (page) => listJson('votes', page, voteJson),
  ),
  route(
    `${UPGRADE}/current_plan`,
    'none',
    (queries) => queries.upgrade.currentPlan(),
    (plan) => `{"plan":${plan ? planJson(plan) : 'null'}}`,
  ),
  route(
    `${UPGRADE}/applied_plan/{name:string}`,
    'none',
    (queries, request) => queries.upgrade.appliedPlan({ name: request.text('name') }),
    (height) => `{"height":"${height}"}`,
  ),
  route(
    `${UPGRADE}/upgraded_consensus_state/{last_height:int64}`,
    'none',
    (queries, request) => queries.upgrade.upgradedConsensusState({ lastHeight: request.integer('last_height') }),
    (state) => `{"upgraded_consensus_state":${bytesOrNull(state)}}`,
  ),
  route(
    `${UPGRADE}/module_versions`,
    'module_name',
    (queries, request) => queries.upgrade.moduleVersions({ moduleName: request.moduleName }),
    (versions) => `{"module_versions":[${versions.map(moduleVersionJson).join(',')}]}`,
  ),
  route(
    `${UPGRADE}/authority`,
    'none',
    (queries) => queries.upgrade.authority(),
    (address) => `{"address":"${address}"}`,
  ),
  route(
    `${GOV}/proposals/{proposal_id:uint64}`,
    'none',
    (queries, request) => queries.gov.proposal({ proposalId: request.integer('proposal_id') }),
    (proposal) => `{"proposal":${govProposalJson(proposal)}}`,
  ),
  route(
    `${GOV}/proposals/{proposal_id:uint64}/tally`,
    'none',
    (queries, request) => queries.gov.tallyResult({ proposalId: request.integer('proposal_id') }),
    (tally) => `{"tally":${tallyJson(tally)}}`,
  ),
  route(
    `${GOV}/proposals`,
    'gov_proposals',
    (queries, request) => queries.gov.proposals({ ...request.govFilter, pagination: request.pagination }),
    (page) => listJson('proposals', page, govProposalJson),
  ),
  // What a group policy holds: its treasury, pinned to a height like every other read.
  route(
    `${BANK}/balances/{address:address}`,
    'pagination',
    (queries, request) => queries.bank.allBalances({ address: request.text('address') }),
    (coins) => coinsJson('balances', coins),
  ),
  route(
    `${BANK}/spendable_balances/{address:address}`,
    'pagination',
    (queries, request) => queries.bank.allBalances({ address: request.text('address') }),
    (coins) => coinsJson('balances', coins),
  ),
  // Denom metadata: a fresh simd chain has none, and says so as x/bank does (amounts stay in base units).
  route(
    `${BANK}/denoms_metadata`,
    'pagination',
    () => Promise.resolve([]),
    () => '{"metadatas":[],"pagination":{"next_key":null,"total":"0"}}',
  ),
  // The chain's address prefix, as x/auth tells it: how a client learns it without a registry.
  route(
    `${AUTH}/bech32`,
    'none',
    () => Promise.resolve(ACCOUNT_PREFIX),
    (prefix) => `{"bech32_prefix":"${prefix}"}`,
  ),
  // Staking's parameters: a light client's trusting period is two thirds of the unbonding time.
  route(
    `${STAKING}/params`,
    'none',
    () => Promise.resolve(STAKING_PARAMS_JSON),
    (json) => json,
  ),
  ...BLOCK_SERVICE_ROUTES,
];
