import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';

import { ARCHIVE, getArchiveJson, getArchiveStatus } from '../../api/archive.ts';
import { getJson } from '../../api/client.ts';
import { getCurrentPlan } from '../../api/endpoints.ts';
import { reportHeight } from '../../api/latest-height.ts';
import { pollWhileHealthy } from '../../api/polling.ts';
import type { BlockStamp } from './block-estimate.ts';

// Block heights and header times, from whichever service the endpoint has. Any SDK node serves
// the REST block service (/cosmos/base/tendermint/v1beta1/blocks), Polity's embedded chain too;
// a proxy that forwards only some routes may leave the CometBFT RPC under /rpc/ on the same
// origin. A node with neither still sends its height in a header (same origin, or CORS exposing
// it), and an archive knows its latest block.

const TENDERMINT = '/cosmos/base/tendermint/v1beta1';
const header = v.object({ height: v.string(), time: v.string() });
// SDK 0.47+ answers `sdk_block` beside the deprecated `block`; older nodes only `block`.
const restBlock = v.object({
  block: v.optional(v.object({ header })),
  sdk_block: v.optional(v.object({ header })),
});
const rpcStatus = v.object({
  result: v.object({ sync_info: v.object({ latest_block_height: v.string(), latest_block_time: v.string() }) }),
});
const rpcBlockchain = v.object({ result: v.object({ block_metas: v.array(v.object({ header })) }) });
const archivePace = v.object({ phase: v.string(), blocks_per_second: v.optional(v.nullable(v.number()), null) });

/** Where block times come from: the REST block service, or the CometBFT RPC under /rpc/. */
export type BlockSource = 'rest' | 'rpc';

export interface ChainHead {
  height: string;
  /** The block's own header time; null when only its height is known. */
  time: string | null;
  source: BlockSource | 'height header' | 'archive';
  /** When this page received it (local clock): the countdown runs from here between polls. */
  receivedAt: number;
}

/** The source that answered last time, per endpoint: polls then ask it alone, not every candidate. */
const answeringSource = new Map<string, BlockSource>();

async function restBlockAt(endpoint: string, height: string, signal?: AbortSignal): Promise<BlockStamp> {
  const { data } = await getJson(endpoint, `${TENDERMINT}/blocks/${height}`, restBlock, { signal });
  const found = (data.sdk_block ?? data.block)?.header;
  if (!found) throw new Error(`blocks/${height}: no header in the answer`);
  return { height: found.height, time: found.time };
}

async function latestFrom(endpoint: string, source: BlockSource): Promise<BlockStamp> {
  if (source === 'rest') return restBlockAt(endpoint, 'latest');
  const { data } = await getJson(endpoint, '/rpc/status', rpcStatus);
  return { height: data.result.sync_info.latest_block_height, time: data.result.sync_info.latest_block_time };
}

type LatestBlock = { source: BlockSource; latest: BlockStamp } | null;

/** The read of the newest block under way, per endpoint: callers that come meanwhile wait for it. */
const reading = new Map<string, Promise<LatestBlock>>();

async function readLatestBlock(endpoint: string): Promise<LatestBlock> {
  const known = answeringSource.get(endpoint);
  if (known) {
    try {
      return { source: known, latest: await latestFrom(endpoint, known) };
    } catch (error) {
      answeringSource.delete(endpoint);
      throw error;
    }
  }
  for (const source of ['rest', 'rpc'] as const) {
    const latest = await latestFrom(endpoint, source).catch(() => null);
    if (latest) {
      answeringSource.set(endpoint, source);
      return { source, latest };
    }
  }
  return null;
}

/** The shared read, as seen by one caller: its own abort ends its wait, not the others'. */
function untilAborted<T>(shared: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return shared;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const leave = () => reject(signal.reason);
    signal.addEventListener('abort', leave, { once: true });
    shared.then(resolve, reject).finally(() => signal.removeEventListener('abort', leave));
  });
}

/**
 * The newest block from the REST block service or, failing that, the RPC; null when neither
 * answers. A failure while trying candidates means "not this one" (a 501, a 404 page, a CORS
 * refusal all look alike from here); once a source has answered, its failures are real errors.
 * Callers at the same time (a page's head and its pace, on first load) share one read: before
 * one source had answered, each asked every candidate itself.
 */
export function fetchLatestBlock(endpoint: string, signal?: AbortSignal): Promise<LatestBlock> {
  let shared = reading.get(endpoint);
  if (!shared) {
    // Read without any one caller's signal (each request keeps its own timeout), so that one
    // leaving does not fail the rest.
    shared = readLatestBlock(endpoint).finally(() => reading.delete(endpoint));
    reading.set(endpoint, shared);
  }
  return untilAborted(shared, signal);
}

export interface RecentBlocks {
  source: BlockSource;
  stamps: BlockStamp[];
}

/** How many blocks' times the estimate is taken from: one RPC answer holds at most 20. */
export const RECENT_BLOCKS = 20;

/** The header times of the last `count` blocks, newest included; null where no source serves them. */
export async function fetchRecentBlocks(
  endpoint: string,
  count: number,
  signal?: AbortSignal,
): Promise<RecentBlocks | null> {
  const found = await fetchLatestBlock(endpoint, signal);
  if (!found) return null;
  const { source, latest } = found;
  const top = BigInt(latest.height);
  const bottom = top - BigInt(count - 1) > 0n ? top - BigInt(count - 1) : 1n;
  if (source === 'rpc') {
    const query = new URLSearchParams({ minHeight: bottom.toString(), maxHeight: top.toString() });
    const { data } = await getJson(endpoint, '/rpc/blockchain', rpcBlockchain, { query, signal });
    return { source, stamps: data.result.block_metas.map((meta) => meta.header) };
  }
  const heights: string[] = [];
  for (let height = bottom; height < top; height++) heights.push(height.toString());
  // A block the node has pruned, or one answer lost, leaves a gap the median spans.
  const older = await Promise.allSettled(heights.map((height) => restBlockAt(endpoint, height, signal)));
  const stamps = older.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  return { source, stamps: [...stamps, latest] };
}

/** The newest block, from the block services or else the height header or the archive; null if nothing tells. */
export async function fetchChainHead(endpoint: string, signal?: AbortSignal): Promise<ChainHead | null> {
  const found = await fetchLatestBlock(endpoint, signal);
  const receivedAt = Date.now();
  if (found) {
    // Every live view of this endpoint (the header's height, the tally's pace) moves on with it.
    reportHeight(endpoint, found.latest.height);
    return { ...found.latest, source: found.source, receivedAt };
  }
  const plan = await getCurrentPlan(endpoint, { signal }).catch(() => null);
  if (plan?.height) return { height: plan.height, time: null, source: 'height header', receivedAt: Date.now() };
  const status = await getArchiveStatus(endpoint, { signal }).catch(() => null);
  if (status?.latest_height)
    return { height: status.latest_height, time: status.latest_block_time, source: 'archive', receivedAt: Date.now() };
  return null;
}

const FIVE_MINUTES = 5 * 60_000;
/** Fewer blocks than this give a pace a single odd block can skew. */
const MEASURABLE_BLOCKS = 5;
const TOO_FEW_RETRY_MS = 10_000;

export const blockQueries = {
  all: (endpoint: string) => ['api', endpoint, 'blocks'] as const,
  /** The chain's newest block, asked again every `everyMs` while the tab is visible. */
  head: (endpoint: string, everyMs: number) =>
    queryOptions({
      queryKey: [...blockQueries.all(endpoint), 'head'],
      queryFn: ({ signal }) => fetchChainHead(endpoint, signal),
      // Stale at once: a tab shown again asks for the head before counting from an old one.
      staleTime: 0,
      refetchInterval: pollWhileHealthy(everyMs),
    }),
  /**
   * The last blocks' header times, read again every few minutes: the pace changes slowly. A
   * chain that has made too few blocks to measure yet (one just started, or a node that just
   * pruned) is asked again soon, or its pace would stay unmeasured for those minutes.
   */
  recentTimes: (endpoint: string) =>
    queryOptions({
      queryKey: [...blockQueries.all(endpoint), 'recent-times'],
      queryFn: ({ signal }) => fetchRecentBlocks(endpoint, RECENT_BLOCKS, signal),
      staleTime: FIVE_MINUTES,
      refetchInterval: (query) => {
        const tooFew = query.state.data && query.state.data.stamps.length < MEASURABLE_BLOCKS;
        return pollWhileHealthy(tooFew ? TOO_FEW_RETRY_MS : FIVE_MINUTES)(query);
      },
    }),
  /**
   * Blocks per second the archive has been following at; null while it catches up or backfills
   * (then the rate is its own reading speed, not the chain's) and where there is no archive.
   */
  archiveRate: (endpoint: string) =>
    queryOptions({
      queryKey: [...blockQueries.all(endpoint), 'archive-rate'],
      queryFn: ({ signal }) =>
        getArchiveJson(endpoint, `${ARCHIVE}/status`, archivePace, { signal })
          .then(({ data }) => (data.phase === 'following' ? data.blocks_per_second : null))
          .catch(() => null),
      staleTime: 60_000,
    }),
};
