// The JSON the gateway writes (gogoproto jsonpb with OrigName and EmitDefaults): snake_case in
// field order, 64-bit integers as strings, and strings escaped the way Go's encoding/json does.

import { text } from '../lib/dec.ts';
import type {
  AnyMsg,
  DecisionPolicy,
  GroupInfo,
  Member,
  Millis,
  PolicyInfo,
  Proposal,
  Tally,
  Vote,
} from './records.ts';

const GO_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function goStringify(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => GO_ESCAPES[c]);
}

const PLAIN = /^[\w\-.:/@]*$/;
/** Addresses, ids and most metadata need no escaping; skip the generic path for them. */
export const str = (s: string) => (PLAIN.test(s) ? `"${s}"` : goStringify(s));
export const u64 = (n: bigint) => `"${n}"`;

/** RFC 3339 in UTC with 0, 3, 6 or 9 fractional digits, as Go's Timestamp marshaller prints. */
const stampMemo = new Map<Millis, string>();
export function timestamp(ms: Millis): string {
  let s = stampMemo.get(ms);
  if (s === undefined) {
    const iso = new Date(ms).toISOString();
    s = `"${ms % 1000 === 0 ? iso.slice(0, 19) + 'Z' : iso}"`;
    // Many rows share a block time; a small memo saves re-formatting them.
    if (stampMemo.size > 4096) stampMemo.clear();
    stampMemo.set(ms, s);
  }
  return s;
}

export const ZERO_TIME = '"0001-01-01T00:00:00Z"';

export const duration = (seconds: number) => `"${seconds}s"`;

export function bytesOrNull(b: Uint8Array | null | undefined): string {
  return b && b.length > 0 ? `"${Buffer.from(b).toString('base64')}"` : 'null';
}

const cache = new WeakMap<object, string>();
function cached<T extends object>(rec: T, encode: (r: T) => string): string {
  let s = cache.get(rec);
  if (s === undefined) {
    s = encode(rec);
    cache.set(rec, s);
  }
  return s;
}

export const groupInfoJson = (g: GroupInfo) =>
  cached(
    g,
    (g) =>
      `{"id":${u64(g.id)},"admin":${str(g.admin)},"metadata":${str(g.metadata)},"version":${u64(g.version)},` +
      `"total_weight":${str(text(g.totalWeight))},"created_at":${timestamp(g.createdAt)}}`,
  );

// Members and votes can number in the millions: they are encoded per request (cheaply) rather
// than cached, so memory stays flat and a page costs the same wherever it starts.
export const groupMemberJson = (m: Member) =>
  `{"group_id":${u64(m.groupId)},"member":{"address":${str(m.address)},"weight":${str(m.weight)},` +
  `"metadata":${str(m.metadata)},"added_at":${timestamp(m.addedAt)}}}`;

function decisionPolicyJson(p: DecisionPolicy): string {
  const windows = `"windows":{"voting_period":${duration(p.windows.votingPeriod)},"min_execution_period":${duration(p.windows.minExecutionPeriod)}}`;
  return p.kind === 'threshold'
    ? `{"@type":"/cosmos.group.v1.ThresholdDecisionPolicy","threshold":${str(p.threshold)},${windows}}`
    : `{"@type":"/cosmos.group.v1.PercentageDecisionPolicy","percentage":${str(p.percentage)},${windows}}`;
}

export const policyInfoJson = (p: PolicyInfo) =>
  cached(
    p,
    (p) =>
      `{"address":${str(p.address)},"group_id":${u64(p.groupId)},"admin":${str(p.admin)},"metadata":${str(p.metadata)},` +
      `"version":${u64(p.version)},"decision_policy":${decisionPolicyJson(p.decisionPolicy)},"created_at":${timestamp(p.createdAt)}}`,
  );

export const tallyJson = (t: Tally) =>
  `{"yes_count":${str(t.yes)},"abstain_count":${str(t.abstain)},"no_count":${str(t.no)},"no_with_veto_count":${str(t.veto)}}`;

const msgJson = (m: AnyMsg) => goStringify(m);

export const proposalJson = (p: Proposal) =>
  cached(
    p,
    (p) =>
      `{"id":${u64(p.id)},"group_policy_address":${str(p.policyAddress)},"metadata":${str(p.metadata)},` +
      `"proposers":[${p.proposers.map(str).join(',')}],"submit_time":${timestamp(p.submitTime)},` +
      `"group_version":${u64(p.groupVersion)},"group_policy_version":${u64(p.policyVersion)},"status":"${p.status}",` +
      `"final_tally_result":${tallyJson(p.finalTally)},"voting_period_end":${timestamp(p.votingPeriodEnd)},` +
      `"executor_result":"${p.executorResult}","messages":[${p.messages.map(msgJson).join(',')}],` +
      `"title":${str(p.title)},"summary":${str(p.summary)}}`,
  );

export const voteJson = (v: Vote) =>
  `{"proposal_id":${u64(v.proposalId)},"voter":${str(v.voter)},"option":"${v.option}",` +
  `"metadata":${str(v.metadata)},"submit_time":${timestamp(v.submitTime)}}`;
