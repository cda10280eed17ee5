import { Comet38Client, toRfc3339WithNanoseconds, WebsocketClient, type RpcClient } from '@cosmjs/tendermint-rpc';

import { blockAnswerProblem, UntrustedAnswerError } from './block-check.ts';
import { BoundedBatchClient } from './bounded-batch-client.ts';
import { saysHeightNotKept } from './height-not-kept.ts';
import { AnswerTooLargeError } from './http-get.ts';
import { withRetry } from './retry.ts';
import { checkSearchTotal, SearchSteps, type HeightRange, type SearchEntry, type SearchKind } from './search-bounds.ts';

// What the follower reads from CometBFT, through the well-kept client, as plain data.

export interface AbciAttribute {
  key: string;
  value: string;
}

export interface AbciEventData {
  type: string;
  attributes: readonly AbciAttribute[];
}

export interface TxOutcome {
  code: number;
  events: readonly AbciEventData[];
}

export interface FetchedBlock {
  height: bigint;
  hash: string;
  /** Hash of the block before it: a follower checks the chain it reads is one chain. */
  lastBlockHash: string;
  /** RFC 3339 with the chain's nanoseconds. */
  time: string;
  txs: readonly Uint8Array[];
  results: readonly TxOutcome[];
  finalizeEvents: readonly AbciEventData[];
}

export interface NodeStatus {
  chainId: string;
  latestHeight: bigint;
  earliestHeight: bigint;
}

const SEARCH_PAGE = 100;
/** Pages of one search asked for at once, once the first told how many there are. */
const SEARCHES_IN_FLIGHT = 4;
/** CometBFT v0.38's default `max_request_batch_size`: a larger batch is refused whole. */
const MAX_BATCH_REQUESTS = 10;
/**
 * The longest one read from the node takes, its retries included (a batch of blocks, a page of a
 * search, the status): a node silent or dripping its answer for this long is the status's
 * `problem` at once, not after every retry has waited it out.
 */
const RPC_TIMEOUT_MS = 30_000;

/** A search the node refuses (no index, no method, a bad query) is its answer, not a passing failure. */
export const isRefusal = (error: unknown) =>
  error instanceof Error && /disabled|not found|method|parse|invalid|indexing|page should be/i.test(error.message);

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();

/** One page of a search, as the node sends it: only what says where the results are. */
interface SearchPage {
  total_count?: string;
  txs?: { height?: string; index?: unknown }[];
  blocks?: { block?: { header?: { height?: string } } }[];
}

/** What the follower reads of `/status`; a chain with no block yet answers height "0" and empty hashes. */
interface StatusAnswer {
  node_info?: { network?: unknown };
  sync_info?: { latest_block_height?: unknown; earliest_block_height?: unknown };
}

const isHeight = (value: unknown): value is string => typeof value === 'string' && /^\d+$/.test(value);

/** Ids of the raw requests, apart from the typed client's numeric ones. */
let rawRequests = 0;

const isPrunedAnswer = (error: unknown) => error instanceof Error && saysHeightNotKept(error.message);

export class RpcReader {
  private constructor(
    private readonly typed: Comet38Client,
    /**
     * The JSON-RPC client the typed one wraps, for answers read as plain JSON: searches need only
     * heights, not every transaction decoded, and a status without a block must not be refused.
     */
    private readonly raw: RpcClient,
    private readonly timeoutMs = RPC_TIMEOUT_MS,
  ) {}

  /** `maxAnswerBytesPerRequest`: what one request of a batch may answer (see bounded-batch-client.ts). */
  static async connect(url: string, timeoutMs = RPC_TIMEOUT_MS, maxAnswerBytesPerRequest?: number): Promise<RpcReader> {
    // Over HTTP the block and block_results calls of a whole batch of heights travel as JSON-RPC
    // batches (CometBFT accepts them): a few round trips per batch instead of two per block.
    if (/^https?:/i.test(url)) {
      // A node that never answers must not stall the follower silently: each read, its retries
      // included, has a deadline, and its failure is shown in the status like any other; nor may
      // one that answers too much fill the memory: a batch's answer is bounded by its requests.
      // CometBFT refuses batches of more than max_request_batch_size (10 by default) requests.
      const client = new BoundedBatchClient(url, {
        batchSizeLimit: MAX_BATCH_REQUESTS,
        dispatchInterval: 2,
        httpTimeout: timeoutMs,
        maxAnswerBytesPerRequest,
      });
      return new RpcReader(Comet38Client.create(client), client, timeoutMs);
    }
    const socket = new WebsocketClient(url);
    return new RpcReader(Comet38Client.create(socket), socket, timeoutMs);
  }

  /**
   * A read retried within the reader's deadline for the whole of it; `what` names it in a failure.
   * An answer too large is not asked again at once (each attempt would read it up to the bound
   * again): it goes to the follower, whose retries back off.
   */
  private read<T>(what: string, read: () => Promise<T>, isFinal: (error: unknown) => boolean = () => false) {
    const final = (error: unknown) => error instanceof AnswerTooLargeError || isFinal(error);
    return withRetry(read, final, { deadline: { ms: this.timeoutMs, what } });
  }

  /**
   * The node's chain and heights, read as plain JSON: CosmJS's decoder refuses the empty
   * `latest_block_hash` of a chain with no block yet ("Value must not be empty"), which is a
   * chain about to begin (height 0), not a faulty node.
   */
  async status(): Promise<NodeStatus> {
    const answer = (await this.rawCall('status', {}, () => false)) as StatusAnswer | undefined;
    const chainId = answer?.node_info?.network;
    const latest = answer?.sync_info?.latest_block_height;
    // Older nodes leave the earliest height out: they keep every block from the first.
    const earliest = answer?.sync_info?.earliest_block_height ?? '1';
    if (typeof chainId !== 'string' || chainId === '' || !isHeight(latest) || !isHeight(earliest))
      throw new UntrustedAnswerError(`the node's status answer names no chain or no heights`);
    return { chainId, latestHeight: BigInt(latest), earliestHeight: BigInt(earliest) > 0n ? BigInt(earliest) : 1n };
  }

  async block(height: bigint): Promise<FetchedBlock> {
    const [block, results] = await Promise.all([
      this.read(`block ${height}`, () => this.typed.block(Number(height))),
      this.read(`block_results ${height}`, () => this.typed.blockResults(Number(height))),
    ]);
    const problem = blockAnswerProblem(block, height);
    if (problem) throw new UntrustedAnswerError(problem);
    if (BigInt(results.height) !== height) {
      throw new UntrustedAnswerError(
        `the node answered the results of block ${results.height} when asked for ${height}`,
      );
    }
    if (results.results.length !== block.block.txs.length) {
      throw new UntrustedAnswerError(
        `block ${height} holds ${block.block.txs.length} transactions but the node answered ${results.results.length} results`,
      );
    }
    return {
      height,
      hash: hex(block.blockId.hash),
      lastBlockHash: hex(block.block.header.lastBlockId?.hash ?? new Uint8Array()),
      time: toRfc3339WithNanoseconds(block.block.header.time),
      txs: block.block.txs,
      results: results.results.map((result) => ({ code: result.code, events: result.events })),
      finalizeEvents: results.finalizeBlockEvents,
    };
  }

  /**
   * Heights of the transactions (`tx_search`) or blocks (`block_search`) a query matches, oldest
   * first, through every page. Throws when the node cannot search (no index, no such method).
   */
  async searchHeights(kind: SearchKind, query: string, within?: HeightRange): Promise<bigint[]> {
    const page = (number: number) => this.rawSearchPage(kind, query, number);
    const first = await page(1);
    // The total is checked before any page after the first is asked for: a lie is not paged.
    if (within) await checkSearchTotal(kind, first.total, within, (min, max) => this.txCount(min, max));
    // The first page tells how many there are: the rest are asked for side by side, a few at a time.
    const pages = Math.ceil(first.total / SEARCH_PAGE);
    const steps = new SearchSteps(kind, within);
    const full = async (number: number) => {
      const { found } = number === 1 ? first : await page(number);
      // A node that pages fewer results than asked would silently lose the rest.
      if (number < pages && found.length < SEARCH_PAGE)
        throw new UntrustedAnswerError(
          `the node's search answered ${found.length} results on page ${number} of ${pages}, not ${SEARCH_PAGE}`,
        );
      return found;
    };
    const heights = [steps.check(await full(1), 1)];
    for (let next = 2; next <= pages; next += SEARCHES_IN_FLIGHT) {
      const numbers = Array.from({ length: Math.min(SEARCHES_IN_FLIGHT, pages - next + 1) }, (_, at) => next + at);
      const found = await Promise.all(numbers.map(full));
      heights.push(...found.map((each, index) => steps.check(each, numbers[index])));
    }
    return heights.flat();
  }

  /**
   * A page of `tx_search` or `block_search` read for its heights alone: decoding every transaction
   * and its events, as the typed client does, cost the follower more than the rest of a search.
   */
  private async rawSearchPage(kind: 'tx' | 'block', query: string, page: number) {
    const method = kind === 'tx' ? 'tx_search' : 'block_search';
    const params = { query, page: String(page), per_page: String(SEARCH_PAGE), order_by: 'asc' };
    const answer = (await this.rawCall(method, params, isRefusal)) as SearchPage;
    const entries =
      kind === 'tx' ? answer.txs : answer.blocks?.map((entry) => ({ height: entry.block?.header?.height, index: 0 }));
    const total = Number(answer.total_count);
    const wellFormed = (entry: { height?: string; index?: unknown } | undefined) =>
      /^\d+$/.test(entry?.height ?? '') && Number.isSafeInteger(entry?.index);
    if (!entries || !entries.every(wellFormed) || !Number.isSafeInteger(total))
      throw new UntrustedAnswerError(`the node's ${method} answer is not a page of results`);
    const found: SearchEntry[] = entries.map((entry) => ({
      height: BigInt(entry.height!),
      index: Number(entry.index),
    }));
    return { found, total };
  }

  /** One JSON-RPC call through the raw client, retried as the typed ones are: its `result`, unchecked. */
  private async rawCall(method: string, params: Record<string, string>, isFinal: (error: unknown) => boolean) {
    const raw = this.raw;
    const request = { jsonrpc: '2.0' as const, id: `polity-${method}-${++rawRequests}`, method, params };
    return (await this.read(method, () => raw.execute(request), isFinal)).result as unknown;
  }

  /**
   * Whether the node serves the header at `height`: a height it pruned is answered "not
   * available" (an answer, not a fault); any other failure is a fault of the read.
   */
  async servesHeight(height: bigint): Promise<boolean> {
    try {
      await this.rawCall('header', { height: String(height) }, isPrunedAnswer);
      return true;
    } catch (error) {
      if (isPrunedAnswer(error)) return false;
      throw error;
    }
  }

  /**
   * Block times by height, from headers alone (`/blockchain`, at most 20 a request), as RFC 3339:
   * read as plain JSON for their heights and times, where the typed client decodes every hash.
   */
  async blockTimes(min: bigint, max: bigint): Promise<Map<bigint, string>> {
    const params = { minHeight: String(min), maxHeight: String(max) };
    const answer = (await this.rawCall('blockchain', params, () => false)) as {
      block_metas?: { header?: { height?: string; time?: string } }[];
    };
    const times = new Map<bigint, string>();
    for (const meta of answer.block_metas ?? []) {
      const { height, time } = meta.header ?? {};
      if (!/^\d+$/.test(height ?? '') || time === undefined || Number.isNaN(Date.parse(time)))
        throw new UntrustedAnswerError(`the node's blockchain answer holds a header without a height or time`);
      times.set(BigInt(height!), time);
    }
    return times;
  }

  /** How many transactions the blocks of [min, max] hold, by their headers (`num_txs`; at most 20 heights). */
  private async txCount(min: bigint, max: bigint): Promise<number> {
    const params = { minHeight: String(min), maxHeight: String(max) };
    const answer = (await this.rawCall('blockchain', params, () => false)) as { block_metas?: { num_txs?: string }[] };
    const metas = answer.block_metas ?? [];
    if (metas.length !== Number(max - min + 1n) || !metas.every((meta) => /^\d+$/.test(meta.num_txs ?? '')))
      throw new UntrustedAnswerError(`the node's blockchain answer for heights ${min}-${max} counts no transactions`);
    return metas.reduce((sum, meta) => sum + Number(meta.num_txs), 0);
  }

  disconnect(): void {
    this.typed.disconnect();
  }
}
