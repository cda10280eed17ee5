import type { RpcClient } from '@cosmjs/tendermint-rpc';

import { AnswerTooLargeError, DEFAULT_MAX_ANSWER_BYTES, httpPostJson } from './http-get.ts';

// The JSON-RPC client under the follower's CosmJS reads of `block` and `block_results`: requests
// made within a moment of each other travel as one JSON-RPC batch, as CosmJS's HttpBatchClient
// sends them, but the answer is read through httpPostJson, which refuses it as it arrives once it
// passes what the batch can legitimately hold. CosmJS's own client reads any answer whole (fetch's
// `json()`): a node's 300 MB answer took the process from 335 MB to 1.2 GB before anything looked.

type JsonRpcRequest = Parameters<RpcClient['execute']>[0];
type JsonRpcSuccess = Awaited<ReturnType<RpcClient['execute']>>;

/**
 * The most one request of a batch may answer: a block, or a block's results. CometBFT's default
 * `block.max_bytes` is 21 MiB (22,020,096 bytes); as JSON (transactions in base64, 4/3 of their
 * bytes, and the header and commit beside them) that is about 28 MiB. The prover's single reads of
 * a block or its results are bounded the same (http-get.ts). The other reads through this client
 * are far smaller: the status, a header, 20 headers of `/blockchain`, and a page of 100 x/group or
 * x/upgrade transactions of `tx_search` (past the bound only if they average over 300 kB each).
 */
export const MAX_ANSWER_BYTES_PER_REQUEST = DEFAULT_MAX_ANSWER_BYTES;

export interface BatchClientOptions {
  /** CometBFT refuses batches of more than `max_request_batch_size` requests (10 by default). */
  batchSizeLimit: number;
  /** How long requests wait for others to join their batch (ms). */
  dispatchInterval: number;
  /** One POST's deadline (ms); the reader's retries have their own for the whole read. */
  httpTimeout: number;
  /** A batch's answer may hold this much per request in it (the whole answer: this × its requests). */
  maxAnswerBytesPerRequest?: number;
}

interface Queued {
  request: JsonRpcRequest;
  resolve: (answer: JsonRpcSuccess) => void;
  reject: (error: unknown) => void;
}

/** One JSON-RPC answer as it comes: only its id and outcome are looked at. */
interface RpcAnswer {
  id?: unknown;
  result?: unknown;
  error?: unknown;
}

const isAnswer = (item: unknown): item is RpcAnswer => typeof item === 'object' && item !== null;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The fault, named for the status: which reads, and the bound they broke. */
function tooLarge(batch: readonly Queued[], limit: number, url: string): AnswerTooLargeError {
  const methods = [...new Set(batch.map((queued) => queued.request.method))].join(' and ');
  const host = new URL(url).host;
  const asked = batch.length === 1 ? `a ${methods} request` : `a batch of ${batch.length} ${methods} requests`;
  return new AnswerTooLargeError(
    `the node's answer (${host}) to ${asked} is larger than ` +
      `${megabytes(limit)} (${megabytes(limit / batch.length)} a request): refused as it arrived, no such batch is that large`,
  );
}

/** A request the node's batch answer did not answer, named with what it asked. */
function leftOut(queued: Queued, asked: number, answers: number, url: string): string {
  const params = JSON.stringify(queued.request.params);
  return `the node's answer (${new URL(url).host}) to a batch of ${asked} requests held ${answers} answers and left out ${queued.request.method} ${params.length > 120 ? `${params.slice(0, 120)}…` : params}`;
}

export class BoundedBatchClient implements RpcClient {
  private queue: Queued[] = [];
  private timer: NodeJS.Timeout | null;
  private readonly maxBytesPerRequest: number;

  constructor(
    private readonly url: string,
    private readonly options: BatchClientOptions,
  ) {
    this.maxBytesPerRequest = options.maxAnswerBytesPerRequest ?? MAX_ANSWER_BYTES_PER_REQUEST;
    this.timer = setInterval(() => this.dispatch(), options.dispatchInterval);
  }

  readonly execute = (request: JsonRpcRequest): Promise<JsonRpcSuccess> =>
    new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      // A full batch need not wait for the next tick.
      if (this.queue.length >= this.options.batchSizeLimit) this.dispatch();
    });

  readonly disconnect = (): void => {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  };

  private dispatch(): void {
    const batch = this.queue.splice(0, this.options.batchSizeLimit);
    if (batch.length > 0) void this.send(batch);
  }

  private async send(batch: Queued[]): Promise<void> {
    const limit = this.maxBytesPerRequest * batch.length;
    let answers: unknown;
    try {
      const answer = await httpPostJson(
        this.url,
        JSON.stringify(batch.map((queued) => queued.request)),
        this.options.httpTimeout,
        limit,
      );
      if (answer.status >= 400)
        throw new Error(`Bad status on response: ${answer.status}`, { cause: new Error(answer.text.slice(0, 300)) });
      answers = JSON.parse(answer.text);
    } catch (error) {
      const failure = error instanceof AnswerTooLargeError ? tooLarge(batch, limit, this.url) : error;
      for (const queued of batch) queued.reject(failure);
      return;
    }
    // A batch of one may come back as a lone answer (CometBFT unwraps it).
    const list = (Array.isArray(answers) ? answers : [answers]).filter(isAnswer);
    // CometBFT refuses a batch whole (more requests than it takes) with one error naming no id.
    const refusal = list.length === 1 && list[0].id === null ? list[0].error : undefined;
    if (refusal !== undefined) {
      for (const queued of batch) queued.reject(new Error(JSON.stringify(refusal)));
      return;
    }
    const answered = new Set<Queued>();
    for (const answer of list) {
      const queued = batch.find((each) => each.request.id === answer.id);
      if (!queued || answered.has(queued)) continue;
      answered.add(queued);
      if (answer.error !== undefined) queued.reject(new Error(JSON.stringify(answer.error)));
      else queued.resolve({ jsonrpc: '2.0', id: queued.request.id, result: answer.result });
    }
    // A request the answer leaves out fails at once, named (CosmJS's own client leaves it
    // unsettled): the batch is over, nothing more will come for it, and waiting out the read's
    // deadline would only hold the archive still. The reader asks again.
    for (const queued of batch)
      if (!answered.has(queued)) queued.reject(new Error(leftOut(queued, batch.length, list.length, this.url)));
  }
}
