import type { Harness } from './harness.ts';

// The requests whose answers pin the gateway's wire format: every route, every error case,
// every pagination variant, over a fixed-seed chain. Responses are recorded as a digest of
// status, the headers a client reads, and the body, so any byte that changes is caught.

const G = '/cosmos/group/v1';
const U = '/cosmos/upgrade/v1beta1';
const GOV = '/cosmos/gov/v1';

export interface WireRequest {
  path: string;
  height?: string;
}

export function wireRequests(harness: Harness): WireRequest[] {
  const cast = harness.node.cast;
  const keeper = harness.node.group.store;
  const people = Object.values(cast.people);
  const requests: WireRequest[] = [];
  const add = (path: string, height?: string) => requests.push({ path, height });

  for (let id = 0n; id <= keeper.groupSeq + 1n; id++) {
    add(`${G}/group_info/${id}`);
    add(`${G}/group_members/${id}`);
    add(`${G}/group_members/${id}?pagination.limit=2&pagination.count_total=true`);
    add(`${G}/group_members/${id}?pagination.offset=1&pagination.limit=2&pagination.reverse=true`);
    add(`${G}/group_policies_by_group/${id}`);
    add(`${G}/group_policies_by_group/${id}?pagination.limit=1`);
  }
  for (const address of Object.values(cast.policies)) {
    add(`${G}/group_policy_info/${address}`);
    add(`${G}/proposals_by_group_policy/${address}`);
    add(`${G}/proposals_by_group_policy/${address}?pagination.limit=3&pagination.reverse=true`);
  }
  for (let id = 0n; id <= keeper.proposalSeq + 1n; id++) {
    add(`${G}/proposal/${id}`);
    add(`${G}/proposals/${id}/tally`);
    add(`${G}/votes_by_proposal/${id}?pagination.limit=5&pagination.count_total=true`);
    add(`${G}/votes_by_proposal/${id}?pagination.offset=3&pagination.limit=4&pagination.reverse=1`);
    for (const voter of people.slice(0, 6)) add(`${G}/vote_by_proposal_voter/${id}/${voter}`);
  }
  for (const person of people) {
    add(`${G}/groups_by_admin/${person}`);
    add(`${G}/groups_by_member/${person}`);
    add(`${G}/groups_by_member/${person}?pagination.limit=2`);
    add(`${G}/group_policies_by_admin/${person}`);
    add(`${G}/votes_by_voter/${person}`);
    add(`${G}/votes_by_voter/${person}?pagination.limit=3&pagination.count_total=false`);
  }
  add(`${G}/groups`);
  add(`${G}/groups?pagination.limit=5`);
  add(`${G}/groups?pagination.limit=5&pagination.key=AAAAAAAAAAY=`);
  add(`${G}/groups?pagination.limit=5&pagination.key=AAAAAAAAAAY%3D&pagination.reverse=true`);
  add(`${G}/groups?pagination.offset=30&pagination.countTotal=true`);
  add(`${G}/groups?pagination.offset=3&pagination.key=AAAAAAAAAAY=`);
  add(`${G}/groups?pagination.limit=abc`);
  add(`${G}/groups?pagination.count_total=yes`);
  add(`${G}/groups?pagination.key=!!!`);
  add(`${G}/groups?pagination.key=AAAAAAAAAAY`);
  add(`${G}/groups?pagination.limit=18446744073709551616`);
  add(`${G}/groups?unknown=1&pagination.limit=0x2`);
  add(`${G}/group_info/abc`);
  add(`${G}/group_info/-1`);
  add(`${G}/group_info/18446744073709551616`);
  add(`${G}/group_info/0x2`);
  add(`${G}/group_info/010`);
  add(`${G}/group_info/`);
  add(`${G}/group_info/1/extra`);
  add(`${G}/group_policy_info/cosmos1xyz`);
  add(`${G}/group_policy_info/osmo1afk9zr2hn2jsac63h4hm60vl9z3e5u69gndzf7c99cqge3vzwjzsfwkgpd`);
  add(`${G}/group_policy_info/${people[0]}`);
  add(`${G}/group_policy_info/`);
  add(`${G}/groups_by_member/${people[0].toUpperCase()}`);
  add(`${G}/groups_by_admin/?pagination.limit=abc`);
  add(`${G}/vote_by_proposal_voter/abc/cosmos1xyz`);
  add(`${G}/vote_by_proposal_voter/1/cosmos1xyz`);
  add(`${G}/votes_by_voter/${people[0]}?pagination.offset=1&pagination.key=AA==`);
  add(`${G}/group%5Finfo/1`);
  add(`${G}/group_info/%ZZ`);
  add(`${G}/nope`);
  add(`/cosmos/nope`);
  add(`${U}/current_plan`);
  add(`${U}/authority`);
  add(`${U}/module_versions`);
  add(`${U}/module_versions?module_name=group`);
  add(`${U}/module_versions?moduleName=bank`);
  add(`${U}/module_versions?module_name=nope`);
  for (const plan of harness.node.upgrade.done) add(`${U}/applied_plan/${plan.name}`);
  add(`${U}/applied_plan/nope`);
  add(`${U}/applied_plan/`);
  const pending = harness.node.upgrade.pending;
  if (pending) add(`${U}/upgraded_consensus_state/${pending.plan.height}`);
  add(`${U}/upgraded_consensus_state/1`);
  add(`${U}/upgraded_consensus_state/abc`);
  add(`${U}/upgraded_consensus_state/-5`);
  const gov = harness.node.gov.store;
  for (let id = 0n; id <= gov.nextProposalId; id++) {
    add(`${GOV}/proposals/${id}`);
    add(`${GOV}/proposals/${id}/tally`);
  }
  const staker = gov.stake.delegations[0]?.delegator ?? people[0];
  add(`${GOV}/proposals`);
  add(`${GOV}/proposals?pagination.limit=2`);
  add(`${GOV}/proposals?pagination.limit=2&pagination.reverse=true`);
  add(`${GOV}/proposals?pagination.limit=2&pagination.key=AAAAAAAAAAI=`);
  add(`${GOV}/proposals?pagination.limit=2&pagination.key=AAAAAAAAAAI=&pagination.reverse=true`);
  add(`${GOV}/proposals?pagination.offset=2&pagination.limit=1&pagination.count_total=true`);
  add(`${GOV}/proposals?pagination.offset=999`);
  add(`${GOV}/proposals?pagination.offset=1&pagination.key=AA==`);
  add(`${GOV}/proposals?proposal_status=3&pagination.limit=1`);
  add(`${GOV}/proposals?proposalStatus=2`);
  add(`${GOV}/proposals?proposal_status=0x3`);
  add(`${GOV}/proposals?proposal_status=PROPOSAL_STATUS_PASSED`);
  add(`${GOV}/proposals?proposal_status=99999999999`);
  add(`${GOV}/proposals?voter=${staker}`);
  add(`${GOV}/proposals?voter=cosmos1xyz`);
  add(`${GOV}/proposals?depositor=${staker}`);
  add(`${GOV}/proposals/abc`);
  add(`${GOV}/proposals/`);
  const tip = harness.node.height;
  for (const height of ['0', String(tip), String(tip - 1n), String(tip + 1n), '-1', 'abc', ' 5', '+3']) {
    add(`${G}/group_info/1`, height);
    add(`${G}/group_info/abc`, height);
    add(`${G}/group_policy_info/cosmos1xyz`, height);
    add(`${G}/groups?pagination.limit=abc`, height);
    add(`${GOV}/proposals/1`, height);
  }
  return requests;
}

export async function recordWire(harness: Harness): Promise<Record<string, string>> {
  const { createHash } = await import('node:crypto');
  const out: Record<string, string> = {};
  for (const request of wireRequests(harness)) {
    const headers: Record<string, string> = {};
    if (request.height !== undefined) headers['x-cosmos-block-height'] = request.height;
    const response = await harness.get(request.path, { headers });
    const seen = [
      response.status,
      response.headers.get('content-type'),
      response.headers.get('grpc-metadata-x-cosmos-block-height'),
      response.headers.get('x-cosmos-block-height'),
      response.text,
    ].join('\n');
    const name = request.height === undefined ? request.path : `${request.path} @${request.height}`;
    out[name] = `${response.status} ${createHash('sha256').update(seen).digest('base64').slice(0, 24)}`;
  }
  return out;
}
