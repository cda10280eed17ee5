import { httpPostJson } from './http-get.ts';
import { DeadlineError, withRetry } from './retry.ts';

// Reads asked for within a moment of each other (a backfill vouches for every block it reads
// ahead, a prover reads a store key for each record of its turn) go to the node as one JSON-RPC
// batch: one round trip for ten calls instead of ten (CometBFT takes at most 10 requests in a
// batch by default: max_request_batch_size). Anything a batch does not answer plainly (an error,
// a missing id) is asked again alone, where the single read names what went wrong; a node that
// refuses batches is asked one call at a time from then on.

const WINDOW_MS = 2;
const MOST_PER_BATCH = 10;
const TIMEOUT_MS = 30_000;

/** A call's parameters as a GET's query writes them (strings quoted, bytes as 0x hex). */
export type RpcParams = Record<string, string>;
/** The same as JSON-RPC over POST takes them (typed JSON values, bytes as plain hex). */
export type PostedParams = Record<string, string | boolean>;

interface Waiting {
  method: string;
  params: RpcParams;
  posted: PostedParams;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

interface RpcAnswer {
  id?: unknown;
  result?: unknown;
  error?: unknown;
}

/** The node answered the batch with something other than a JSON-RPC batch answer. */
class BatchRefusedError extends Error {}

export class RpcBatches {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  private batching = true;

  constructor(
    private readonly rpcUrl: string,
    /** One call read alone: the reference path, with its own retries and error words. */
    private readonly callAlone: (method: string, params: RpcParams) => Promise<unknown>,
  ) {}

  call(method: string, params: RpcParams, posted: PostedParams = params): Promise<unknown> {
    if (!this.batching) return this.callAlone(method, params);
    return new Promise((resolve, reject) => {
      this.waiting.push({ method, params, posted, resolve, reject });
      if (this.waiting.length >= MOST_PER_BATCH) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), WINDOW_MS);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.waiting.length > 0) void this.send(this.waiting.splice(0, MOST_PER_BATCH));
  }

  private alone(each: Waiting): void {
    this.callAlone(each.method, each.params).then(each.resolve, each.reject);
  }

  private async send(group: Waiting[]): Promise<void> {
    if (group.length === 1) return this.alone(group[0]);
    let answers: Map<unknown, RpcAnswer>;
    try {
      answers = await withRetry(
        (remainingMs) => this.post(group, remainingMs),
        (error) => error instanceof BatchRefusedError,
        { deadline: { ms: TIMEOUT_MS, what: `a batch of ${group.length} RPC calls` } },
      );
    } catch (error) {
      if (error instanceof BatchRefusedError) this.batching = false;
      // A node silent for the whole deadline is a fault of each read, not a reason to ask again alone.
      if (error instanceof DeadlineError) for (const each of group) each.reject(error);
      else for (const each of group) this.alone(each);
      return;
    }
    for (const [index, each] of group.entries()) {
      const answer = answers.get(index);
      if (answer?.result === undefined || answer.result === null || answer.error !== undefined) this.alone(each);
      else each.resolve(answer.result);
    }
  }

  private async post(group: Waiting[], remainingMs: number): Promise<Map<unknown, RpcAnswer>> {
    const calls = group.map((each, index) => ({ jsonrpc: '2.0', id: index, method: each.method, params: each.posted }));
    const answer = await httpPostJson(
      this.rpcUrl,
      JSON.stringify(calls),
      Math.max(1, Math.min(TIMEOUT_MS, remainingMs)),
    );
    // A node that takes no batches says so with these; a 429 is a pause, not a refusal.
    if ([400, 404, 405, 413, 501].includes(answer.status))
      throw new BatchRefusedError(`a batch was answered ${answer.status}`);
    if (answer.status !== 200) throw new Error(`a batch of RPC calls was answered ${answer.status}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      throw new BatchRefusedError('a batch was answered with something that is not JSON');
    }
    if (!Array.isArray(parsed)) throw new BatchRefusedError('a batch was answered with something that is not a batch');
    return new Map((parsed as RpcAnswer[]).map((item) => [item?.id, item]));
  }
}
