import { text } from '../../../lib/apd-dec.ts';
import { policyRules } from '../../chain/decision-policies/registry.ts';
import type { DecisionPolicy, GroupInfo, Member, PolicyInfo, Proposal, Tally, Vote } from '../../chain/records.ts';
import type { Plan } from '../../chain/upgrade/keeper.ts';
import type { ModuleVersion } from '../../queries/upgrade-queries.ts';
import type { Page } from '../../store/paginate.ts';
import { duration, goStringify, str, timestamp, u64, ZERO_TIME } from './json-encoding.ts';

// cosmos.group.v1 and cosmos.upgrade.v1beta1 records as the gateway writes them, fields in proto
// order. Records are immutable once stored, so the JSON of the small, often-read ones is cached.

const cache = new WeakMap<object, string>();
function cached<T extends object>(record: T, encode: (record: T) => string): string {
  let json = cache.get(record);
  if (json === undefined) {
    json = encode(record);
    cache.set(record, json);
  }
  return json;
}

export const groupInfoJson = (group: GroupInfo) =>
  cached(
    group,
    (info) =>
      `{"id":${u64(info.id)},"admin":${str(info.admin)},"metadata":${str(info.metadata)},` +
      `"version":${u64(info.version)},"total_weight":${str(text(info.totalWeight))},` +
      `"created_at":${timestamp(info.createdAt)}}`,
  );

// Members and votes can number in the millions: they are encoded per request (cheaply) rather
// than cached, so memory stays flat and a page costs the same wherever it starts.
export const groupMemberJson = (member: Member) =>
  `{"group_id":${u64(member.groupId)},"member":{"address":${str(member.address)},"weight":${str(member.weight)},` +
  `"metadata":${str(member.metadata)},"added_at":${timestamp(member.addedAt)}}}`;

function decisionPolicyJson(policy: DecisionPolicy): string {
  const rules = policyRules(policy);
  const field = rules.field(policy);
  const windows =
    `"windows":{"voting_period":${duration(policy.windows.votingPeriod)},` +
    `"min_execution_period":${duration(policy.windows.minExecutionPeriod)}}`;
  return `{"@type":"${rules.typeUrl}","${field.name}":${str(field.value)},${windows}}`;
}

export const policyInfoJson = (policy: PolicyInfo) =>
  cached(
    policy,
    (info) =>
      `{"address":${str(info.address)},"group_id":${u64(info.groupId)},"admin":${str(info.admin)},` +
      `"metadata":${str(info.metadata)},"version":${u64(info.version)},` +
      `"decision_policy":${decisionPolicyJson(info.decisionPolicy)},"created_at":${timestamp(info.createdAt)}}`,
  );

export const tallyJson = (tally: Tally) =>
  `{"yes_count":${str(tally.yes)},"abstain_count":${str(tally.abstain)},"no_count":${str(tally.no)},` +
  `"no_with_veto_count":${str(tally.veto)}}`;

export const proposalJson = (proposal: Proposal) =>
  cached(
    proposal,
    (record) =>
      `{"id":${u64(record.id)},"group_policy_address":${str(record.policyAddress)},"metadata":${str(record.metadata)},` +
      `"proposers":[${record.proposers.map(str).join(',')}],"submit_time":${timestamp(record.submitTime)},` +
      `"group_version":${u64(record.groupVersion)},"group_policy_version":${u64(record.policyVersion)},` +
      `"status":"${record.status}","final_tally_result":${tallyJson(record.finalTally)},` +
      `"voting_period_end":${timestamp(record.votingPeriodEnd)},"executor_result":"${record.executorResult}",` +
      `"messages":[${record.messages.map(goStringify).join(',')}],` +
      `"title":${str(record.title)},"summary":${str(record.summary)}}`,
  );

export const voteJson = (vote: Vote) =>
  `{"proposal_id":${u64(vote.proposalId)},"voter":${str(vote.voter)},"option":"${vote.option}",` +
  `"metadata":${str(vote.metadata)},"submit_time":${timestamp(vote.submitTime)}}`;

/** cosmos.base.query.v1beta1.PageResponse: next_key as base64 or null, total as a string. */
export function pageJson(page: Pick<Page<unknown>, 'nextKey' | 'total'>): string {
  const key = page.nextKey === null ? 'null' : `"${Buffer.from(page.nextKey, 'latin1').toString('base64')}"`;
  return `{"next_key":${key},"total":"${page.total}"}`;
}

/** A list response: `{"<field>":[rows],"pagination":{…}}`. */
export function listJson<V>(field: string, page: Page<V>, encode: (row: V) => string): string {
  return `{"${field}":[${page.items.map(encode).join(',')}],"pagination":${pageJson(page)}}`;
}

/** A Plan: its deprecated time is always the zero time, its client state always null. */
export const planJson = (plan: Plan) =>
  `{"name":${str(plan.name)},"time":${ZERO_TIME},"height":"${plan.height}","info":${str(plan.info)},` +
  `"upgraded_client_state":null}`;

export const moduleVersionJson = (entry: ModuleVersion) => `{"name":${str(entry.name)},"version":"${entry.version}"}`;
