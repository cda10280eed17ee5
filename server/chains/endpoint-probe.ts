import { probeGet } from './probe-get.ts';

// Asking one registry endpoint, with a short deadline, whether it is a node of the chain wanted.
// The answer is a verdict in words an operator reads in the status ("dead: connection refused",
// "wrong chain id: X"), never a bare exception.

export type EndpointKind = 'rest' | 'rpc';

export type ProbeVerdict =
  | {
      ok: true;
      url: string;
      /** How long it took to answer: among equals, the quicker serves. */
      ms: number;
      /** RPC only: the lowest block it keeps (lower is more history for an archive). */
      earliestHeight: bigint | null;
    }
  | { ok: false; url: string; why: string };

export type Probe = (kind: EndpointKind, url: string, chainId: string, deadlineMs: number) => Promise<ProbeVerdict>;

/** A status or node-info answer is small; anything past this is not one. */
const MAX_PROBE_BYTES = 1024 * 1024;

/** Where each kind says which chain it serves. */
export const PROBE_PATHS: Record<EndpointKind, string> = {
  rest: '/cosmos/base/tendermint/v1beta1/node_info',
  rpc: '/status',
};

export const joinPath = (base: string, path: string) => base.replace(/\/$/, '') + path;

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined;

/** The chain an answer names, and for RPC how far back it keeps blocks and whether it is syncing. */
function readAnswer(kind: EndpointKind, body: unknown) {
  if (kind === 'rest') return { network: field(field(body, 'default_node_info'), 'network') };
  // CometBFT wraps /status in JSON-RPC's `result`; some gateways hand the result alone.
  const status = field(body, 'result') ?? body;
  const sync = field(status, 'sync_info');
  return {
    network: field(field(status, 'node_info'), 'network'),
    earliest: field(sync, 'earliest_block_height'),
    catchingUp: field(sync, 'catching_up') === true,
  };
}

/** The chain id an endpoint names (its RPC's /status, its REST node_info), or null where it does not answer one. */
export async function networkOf(kind: EndpointKind, url: string, deadlineMs: number): Promise<string | null> {
  try {
    const answered = await probeGet(new URL(joinPath(url, PROBE_PATHS[kind])), deadlineMs, MAX_PROBE_BYTES);
    if (answered.status !== 200) return null;
    const network = readAnswer(kind, JSON.parse(answered.text) as unknown).network;
    return typeof network === 'string' && network !== '' ? network : null;
  } catch {
    return null;
  }
}

export const probeEndpoint: Probe = async (kind, url, chainId, deadlineMs) => {
  const started = performance.now();
  const dead = (why: string): ProbeVerdict => ({ ok: false, url, why: `dead: ${why}` });
  let answered: { status: number; text: string };
  try {
    answered = await probeGet(new URL(joinPath(url, PROBE_PATHS[kind])), deadlineMs, MAX_PROBE_BYTES);
  } catch (error) {
    // Whatever a probe meets (a malformed URL, a library's own error) leaves that endpoint, never the process.
    return dead(error instanceof Error ? error.message : String(error));
  }
  if (answered.status !== 200) return dead(`answered HTTP ${answered.status}`);
  let body: unknown;
  try {
    body = JSON.parse(answered.text);
  } catch {
    return { ok: false, url, why: 'not a node: its answer is not JSON' };
  }
  const answer = readAnswer(kind, body);
  if (typeof answer.network !== 'string')
    return { ok: false, url, why: `not a node: no network in ${PROBE_PATHS[kind]}` };
  if (answer.network !== chainId) return { ok: false, url, why: `wrong chain id: ${answer.network}` };
  if ('catchingUp' in answer && answer.catchingUp) return { ok: false, url, why: 'still catching up with the chain' };
  const earliest = 'earliest' in answer ? answer.earliest : undefined;
  return {
    ok: true,
    url,
    ms: Math.round(performance.now() - started),
    earliestHeight: typeof earliest === 'string' && /^\d+$/.test(earliest) ? BigInt(earliest) : null,
  };
};
