import { joinPath, networkOf } from './endpoint-probe.ts';
import { probeGet } from './probe-get.ts';

// What an --upstream node says of itself, for /polity/config.json: the chain id (its RPC's
// /status, else its REST node_info) and the address prefix (x/auth's bech32 query). Asked in the
// background, so no answer of this server waits for a node, and asked again, less often each
// time, while the node does not say: one that was down at start is named once it answers.

export interface UpstreamFacts {
  chain_id: string | null;
  bech32_prefix: string | null;
}

export interface FactTiming {
  /** The deadline of one question. */
  deadlineMs: number;
  /** The wait before asking again, doubled each time up to `longestWaitMs`. */
  firstWaitMs: number;
  longestWaitMs: number;
}

const TIMING: FactTiming = { deadlineMs: 5000, firstWaitMs: 2000, longestWaitMs: 300_000 };
const PREFIX = /^[a-z][a-z0-9]*$/;

/** x/auth's prefix; null where the node answers without one (then asking again cannot help), undefined where it did not answer. */
async function prefixOf(rest: string, deadlineMs: number): Promise<string | null | undefined> {
  try {
    const answered = await probeGet(new URL(joinPath(rest, '/cosmos/auth/v1beta1/bech32')), deadlineMs, 64 * 1024);
    if (answered.status >= 500 && answered.status !== 501) return undefined;
    if (answered.status !== 200) return null;
    const prefix = (JSON.parse(answered.text) as { bech32_prefix?: unknown }).bech32_prefix;
    return typeof prefix === 'string' && PREFIX.test(prefix) ? prefix : null;
  } catch {
    return undefined;
  }
}

/** Learns what the node says of itself; `facts()` is what is known so far, `stop()` asks no more. */
export function learnUpstreamFacts(node: { rest: string; rpc: string | null }, timing: FactTiming = TIMING) {
  const facts: UpstreamFacts = { chain_id: null, bech32_prefix: null };
  let prefixSettled = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const ask = async (waitMs: number) => {
    const [fromRpc, prefix] = await Promise.all([
      node.rpc === null ? null : networkOf('rpc', node.rpc, timing.deadlineMs),
      prefixSettled ? facts.bech32_prefix : prefixOf(node.rest, timing.deadlineMs),
    ]);
    facts.chain_id ??= fromRpc ?? (await networkOf('rest', node.rest, timing.deadlineMs));
    if (prefix !== undefined) {
      facts.bech32_prefix = prefix;
      prefixSettled = true;
    }
    if (stopped || (facts.chain_id !== null && prefixSettled)) return;
    timer = setTimeout(() => void ask(Math.min(waitMs * 2, timing.longestWaitMs)), waitMs);
    timer.unref();
  };
  void ask(timing.firstWaitMs);
  return {
    facts: (): UpstreamFacts => ({ ...facts }),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
