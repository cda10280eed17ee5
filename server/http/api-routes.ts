import type { GroupKeeper } from '../chain/group-keeper.ts';
import { u64Key, type SortedTable } from '../chain/sorted-table.ts';
import type { UpgradeKeeper } from '../chain/upgrade-keeper.ts';
import {
  bytesOrNull,
  groupInfoJson,
  groupMemberJson,
  policyInfoJson,
  proposalJson,
  str,
  tallyJson,
  voteJson,
  ZERO_TIME,
} from '../chain/wire-json.ts';
import { decodeAccAddress } from '../lib/bech32-sdk.ts';
import { GoParseError, parseInt64, parseUint64 } from '../lib/go-strconv.ts';
import { invalidArgument, unknown } from './api-error.ts';
import { pageJson, paginate, parsePageRequest, type PageRequest, type PaginationMode } from './pagination.ts';

export interface ChainView {
  readonly group: GroupKeeper;
  readonly upgrade: UpgradeKeeper;
  readonly mode: PaginationMode;
  /**
   * Called once the gateway's own parsing (path, then query) has passed: from here on the
   * request is the node's, which first checks the queried height, then runs the keeper.
   */
  enter(): void;
}

type Params = Record<string, string>;
interface Route {
  segments: string[];
  /** Whether the generated gateway handler parses the query string at all. */
  hasQuery: boolean;
  run(chain: ChainView, params: Params, query: Map<string, string[]>): string;
}

const GOV_AUTHORITY = 'cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn';

function u64Param(params: Params, name: string): bigint {
  try {
    return parseUint64(params[name]);
  } catch (e) {
    if (e instanceof GoParseError) throw invalidArgument(`type mismatch, parameter: ${name}, error: ${e.message}`);
    throw e;
  }
}

function addressParam(params: Params, name: string): string {
  const r = decodeAccAddress(params[name]);
  if (!Buffer.isBuffer(r)) throw unknown(r.message);
  return r.toString('latin1');
}

const notFound = (what?: string) =>
  unknown(what ? `codespace sdk code 38: not found: ${what}` : 'codespace sdk code 38: not found');

function list<V>(
  chain: ChainView,
  req: PageRequest,
  field: string,
  table: SortedTable<V>,
  render: (v: V) => string | null,
  ignoreKey = false,
): string {
  const page = paginate(table, req, chain.mode, ignoreKey);
  const parts: string[] = [];
  for (const item of page.items) {
    const s = render(item);
    if (s !== null) parts.push(s);
  }
  return `{"${field}":[${parts.join(',')}],"pagination":${pageJson(page)}}`;
}

function groupById(chain: ChainView, id: bigint): string | null {
  const g = chain.group.group(id);
  return g ? groupInfoJson(g) : null;
}

function policyByKey(chain: ChainView, key: string): string | null {
  const p = chain.group.policies.get(key);
  return p ? policyInfoJson(p) : null;
}

function proposalOrThrow(chain: ChainView, id: bigint) {
  const p = chain.group.proposal(id);
  if (!p) throw notFound('load proposal');
  return p;
}

const G = 'cosmos/group/v1';
const U = 'cosmos/upgrade/v1beta1';

const route = (path: string, hasQuery: boolean, run: Route['run']): Route => ({
  segments: path.split('/'),
  hasQuery,
  run,
});

export const ROUTES: Route[] = [
  route(`${G}/group_info/{group_id}`, false, (c, p) => {
    const id = u64Param(p, 'group_id');
    c.enter();
    const g = c.group.group(id);
    if (!g) throw notFound('group');
    return `{"info":${groupInfoJson(g)}}`;
  }),
  route(`${G}/group_policy_info/{address}`, false, (c, p) => {
    c.enter();
    const key = addressParam(p, 'address');
    const info = c.group.policies.get(key);
    if (!info) throw notFound('group policy');
    return `{"info":${policyInfoJson(info)}}`;
  }),
  route(`${G}/group_members/{group_id}`, true, (c, p, q) => {
    const id = u64Param(p, 'group_id');
    const req = parsePageRequest(q);
    c.enter();
    return list(c, req, 'members', c.group.members.of(u64Key(id)), groupMemberJson);
  }),
  route(`${G}/groups_by_admin/{admin}`, true, (c, p, q) => {
    const req = parsePageRequest(q);
    c.enter();
    const admin = addressParam(p, 'admin');
    return list(c, req, 'groups', c.group.groupsByAdmin.of(admin), (id) => groupById(c, id));
  }),
  route(`${G}/groups`, true, (c, _p, q) => {
    const req = parsePageRequest(q);
    c.enter();
    return list(c, req, 'groups', c.group.groups, groupInfoJson, c.mode === 'sdk');
  }),
  route(`${G}/groups_by_member/{address}`, true, (c, p, q) => {
    const req = parsePageRequest(q);
    c.enter();
    const addr = addressParam(p, 'address');
    return list(c, req, 'groups', c.group.groupsByMember.of(addr), (m) => groupById(c, m.groupId));
  }),
  route(`${G}/group_policies_by_group/{group_id}`, true, (c, p, q) => {
    const id = u64Param(p, 'group_id');
    const req = parsePageRequest(q);
    c.enter();
    return list(c, req, 'group_policies', c.group.policiesByGroup.of(u64Key(id)), (k) => policyByKey(c, k));
  }),
  route(`${G}/group_policies_by_admin/{admin}`, true, (c, p, q) => {
    const req = parsePageRequest(q);
    c.enter();
    const admin = addressParam(p, 'admin');
    return list(c, req, 'group_policies', c.group.policiesByAdmin.of(admin), (k) => policyByKey(c, k));
  }),
  route(`${G}/proposal/{proposal_id}`, false, (c, p) => {
    const id = u64Param(p, 'proposal_id');
    c.enter();
    return `{"proposal":${proposalJson(proposalOrThrow(c, id))}}`;
  }),
  route(`${G}/proposals/{proposal_id}/tally`, false, (c, p) => {
    const id = u64Param(p, 'proposal_id');
    c.enter();
    const prop = proposalOrThrow(c, id);
    if (prop.status === 'PROPOSAL_STATUS_WITHDRAWN' || prop.status === 'PROPOSAL_STATUS_ABORTED') {
      throw unknown(
        `codespace group code 6: invalid value: can't get the tally of a proposal with status ${prop.status}`,
      );
    }
    return `{"tally":${tallyJson(c.group.tally(prop))}}`;
  }),
  route(`${G}/proposals_by_group_policy/{address}`, true, (c, p, q) => {
    const req = parsePageRequest(q);
    c.enter();
    const addr = addressParam(p, 'address');
    return list(c, req, 'proposals', c.group.proposalsByPolicy.of(addr), (id) => {
      const prop = c.group.proposal(id);
      return prop ? proposalJson(prop) : null;
    });
  }),
  route(`${G}/vote_by_proposal_voter/{proposal_id}/{voter}`, false, (c, p) => {
    const id = u64Param(p, 'proposal_id');
    c.enter();
    const voter = addressParam(p, 'voter');
    const v = c.group.getVote(id, voter);
    if (!v) throw notFound();
    return `{"vote":${voteJson(v)}}`;
  }),
  route(`${G}/votes_by_proposal/{proposal_id}`, true, (c, p, q) => {
    const id = u64Param(p, 'proposal_id');
    const req = parsePageRequest(q);
    c.enter();
    return list(c, req, 'votes', c.group.votesByProposal.of(u64Key(id)), voteJson);
  }),
  route(`${G}/votes_by_voter/{voter}`, true, (c, p, q) => {
    const req = parsePageRequest(q);
    c.enter();
    const voter = addressParam(p, 'voter');
    return list(c, req, 'votes', c.group.votesByVoter.of(voter), voteJson);
  }),
  route(`${U}/current_plan`, false, (c) => {
    c.enter();
    const plan = c.upgrade.pending?.plan;
    if (!plan) return '{"plan":null}';
    return `{"plan":{"name":${str(plan.name)},"time":${ZERO_TIME},"height":"${plan.height}","info":${str(plan.info)},"upgraded_client_state":null}}`;
  }),
  route(`${U}/applied_plan/{name}`, false, (c, p) => {
    c.enter();
    return `{"height":"${c.upgrade.appliedHeight(p.name)}"}`;
  }),
  route(`${U}/upgraded_consensus_state/{last_height}`, false, (c, p) => {
    let h: bigint;
    try {
      h = parseInt64(p.last_height);
    } catch (e) {
      if (e instanceof GoParseError)
        throw invalidArgument(`type mismatch, parameter: last_height, error: ${e.message}`);
      throw e;
    }
    c.enter();
    return `{"upgraded_consensus_state":${bytesOrNull(c.upgrade.consensusStates.get(h))}}`;
  }),
  route(`${U}/module_versions`, true, (c, _p, q) => {
    const name = (q.get('module_name') ?? q.get('moduleName'))?.[0] ?? '';
    c.enter();
    let versions = c.upgrade.sortedVersions();
    if (name !== '') {
      versions = versions.filter((v) => v.name === name);
      if (versions.length === 0) {
        throw unknown(
          `codespace upgrade code 2: module version not found: x/upgrade: QueryModuleVersions module ${name} not found`,
        );
      }
    }
    return `{"module_versions":[${versions.map((v) => `{"name":${str(v.name)},"version":"${v.version}"}`).join(',')}]}`;
  }),
  route(`${U}/authority`, false, (c) => {
    c.enter();
    return `{"address":"${GOV_AUTHORITY}"}`;
  }),
];

export interface Matched {
  route: Route;
  params: Params;
}

/** grpc-gateway v1 matching: same segment count, literals equal, variables take any segment. */
export function matchRoute(components: string[]): Matched | null {
  for (const r of ROUTES) {
    if (r.segments.length !== components.length) continue;
    const params: Params = {};
    let ok = true;
    for (let i = 0; i < r.segments.length && ok; i++) {
      const seg = r.segments[i];
      if (seg.startsWith('{')) params[seg.slice(1, -1)] = components[i];
      else ok = seg === components[i];
    }
    if (ok) return { route: r, params };
  }
  return null;
}
