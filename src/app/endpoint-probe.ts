import * as v from 'valibot';

import { getJson } from '../api/client.ts';
import { isApiError } from '../api/errors.ts';
import { endpointLabel, SAME_ORIGIN } from '../lib/chain/endpoint.ts';

// Before the dashboard switches chains it asks the endpoint a few cheap questions, so a wrong or
// dead address is refused in the dialog instead of blanking the page. This module loads with the
// Chain dialog only: the first page never pays for it.

/** Long enough for a distant node, short enough that a dead one is refused while the reader waits. */
export const PROBE_TIMEOUT_MS = 5000;

const UPGRADE = '/cosmos/upgrade/v1beta1';
const moduleVersions = v.object({ module_versions: v.array(v.object({ name: v.string(), version: v.string() })) });
const anyGroups = v.object({ groups: v.array(v.unknown()) });
// The REST block service (SDK 0.47+ answers `sdk_block` beside the deprecated `block`).
const blockHeader = v.object({ header: v.object({ chain_id: v.string(), height: v.string() }) });
const latestBlock = v.object({ block: v.optional(blockHeader), sdk_block: v.optional(blockHeader) });
// Polity's embedded chain serves its CometBFT RPC under /rpc/ on the origin that served the page.
const rpcStatus = v.object({
  result: v.object({
    node_info: v.object({ network: v.string() }),
    sync_info: v.object({ latest_block_height: v.string() }),
  }),
});

/** Why an endpoint was not switched to. */
export type ProbeFailureKind = 'unreachable' | 'proxy-unreachable' | 'timeout' | 'not-cosmos' | 'no-group' | 'server';

export type ProbeResult =
  | { ok: true; endpoint: string; chainId: string | null; height: string | null }
  | { ok: false; endpoint: string; kind: ProbeFailureKind; raw: string };

interface Head {
  chainId: string;
  height: string;
}

/** The chain id and height, from the block service or (this server) the RPC; null when neither tells. */
async function readHead(endpoint: string, signal: AbortSignal, timeoutMs: number): Promise<Head | null> {
  const options = { signal, timeoutMs };
  try {
    const { data } = await getJson(endpoint, '/cosmos/base/tendermint/v1beta1/blocks/latest', latestBlock, options);
    const header = (data.sdk_block ?? data.block)?.header;
    if (header) return { chainId: header.chain_id, height: header.height };
  } catch {
    // Not served here (Polity's embedded node and its proxy do not serve every route): try the RPC.
  }
  // Only the server that served this page has its RPC under /rpc/; another origin's would be a
  // request bound to fail.
  if (endpoint !== SAME_ORIGIN) return null;
  try {
    const { data } = await getJson(endpoint, '/rpc/status', rpcStatus, options);
    return { chainId: data.result.node_info.network, height: data.result.sync_info.latest_block_height };
  } catch {
    return null;
  }
}

const rawText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What a failed module_versions request says about the endpoint. */
function failureKind(endpoint: string, error: unknown): ProbeFailureKind {
  if (!isApiError(error)) return 'server';
  switch (error.kind) {
    case 'timeout':
      return 'timeout';
    case 'unreachable':
      // With a status, something answered (502/503/504): on this server, a proxy whose node is
      // down; elsewhere, a gateway in front of the node.
      if (error.status === undefined) return 'unreachable';
      return endpoint.startsWith('/') ? 'proxy-unreachable' : 'server';
    case 'not-found':
    case 'unsupported':
    case 'contract':
    case 'bad-request':
      return 'not-cosmos';
    default:
      return 'server';
  }
}

/**
 * Asks an endpoint whether it is a Cosmos SDK REST API with x/group (its module versions, or
 * one group where x/upgrade is missing) and which chain it is at what height. Resolves, never
 * rejects, unless `signal` aborts.
 */
export async function probeEndpoint(
  endpoint: string,
  { signal, timeoutMs = PROBE_TIMEOUT_MS }: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<ProbeResult> {
  // The head is asked at the same time; it is only waited for once the endpoint has qualified.
  const headAbort = new AbortController();
  const headSignal = signal ? AbortSignal.any([signal, headAbort.signal]) : headAbort.signal;
  const head = readHead(endpoint, headSignal, timeoutMs);
  const options = { signal, timeoutMs };
  const failed = (kind: ProbeFailureKind, raw: string): ProbeResult => {
    headAbort.abort();
    return { ok: false, endpoint, kind, raw };
  };
  let heightHeader: string | null;
  try {
    const versions = await getJson(endpoint, `${UPGRADE}/module_versions`, moduleVersions, options);
    const names = versions.data.module_versions.map((module) => module.name);
    if (!names.includes('group'))
      return failed('no-group', `module_versions lists ${names.length ? names.join(', ') : 'no modules'}`);
    heightHeader = versions.height;
  } catch (error) {
    if (signal?.aborted) throw error;
    const kind = failureKind(endpoint, error);
    if (kind !== 'not-cosmos') return failed(kind, rawText(error));
    // A chain may run x/group without x/upgrade: one group answered is enough.
    try {
      const groups = await getJson(endpoint, '/cosmos/group/v1/groups', anyGroups, {
        ...options,
        query: new URLSearchParams({ 'pagination.limit': '1' }),
      });
      heightHeader = groups.height;
    } catch (groupError) {
      if (signal?.aborted) throw groupError;
      return failed(failureKind(endpoint, groupError), `${rawText(error)}\n${rawText(groupError)}`);
    }
  }
  const found = await head;
  return { ok: true, endpoint, chainId: found?.chainId ?? null, height: found?.height ?? heightHeader };
}

/** Whether a browser can tell this endpoint's failures apart: only another origin hides them. */
const isOtherOrigin = (endpoint: string) => /^https?:\/\//i.test(endpoint);

/** The failure in words: a title saying what happened, and what the reader can do about it. */
export function probeFailureInWords(endpoint: string, kind: ProbeFailureKind): { title: string; explanation: string } {
  const label = endpointLabel(endpoint);
  const seconds = PROBE_TIMEOUT_MS / 1000;
  switch (kind) {
    case 'unreachable':
      return isOtherOrigin(endpoint)
        ? {
            title: `Could not read ${label}`,
            explanation:
              'Nothing answered there (down, or a wrong address), or it answered without CORS headers, which ' +
              'keep this page from reading it: a browser does not say which. A node that sends no CORS headers ' +
              'can be read through a Polity server that proxies it (a path like /upstream/name).',
          }
        : {
            title: `Could not reach ${label}`,
            explanation: 'The connection failed: this device may be offline, or the server is not answering.',
          };
    case 'proxy-unreachable':
      return {
        title: `The proxy ${label} could not reach its node`,
        explanation: 'This server answered, but the node it forwards to did not: it may be down.',
      };
    case 'timeout':
      return {
        title: `${label} did not answer within ${seconds} s`,
        explanation: 'It may be overloaded or far away. Try again, or pick another endpoint.',
      };
    case 'not-cosmos':
      return {
        title: `${label} is not a Cosmos SDK REST API`,
        explanation:
          'It answered, but not as a Cosmos SDK node’s REST API does: it may be a web page, another ' +
          'service, or the node’s RPC port instead of its REST (API) port.',
      };
    case 'no-group':
      return {
        title: `${label} has no x/group module`,
        explanation:
          'It is a Cosmos SDK node, but its chain does not run group governance: there is nothing here to show.',
      };
    case 'server':
      return {
        title: `${label} answered with an error`,
        explanation: 'It may be a passing fault: try again in a moment.',
      };
  }
}
