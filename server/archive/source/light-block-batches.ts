import type { LightBlockJson } from '../../../verify/light-block.ts';
import type { ValidatorJson } from '../../../verify/validator-set.ts';
import { httpPostJson } from './http-get.ts';
import { DeadlineError, withRetry } from './retry.ts';

// Light blocks asked for within a moment of each other (a backfill vouches for every block it
// reads ahead, a prover for every height of its turn) go to the node as one JSON-RPC batch: a
// commit and a page of validators each, one round trip for five heights instead of ten (CometBFT
// takes at most 10 requests in a batch by default: max_request_batch_size).
// Anything a batch does not answer plainly (an error, a missing id, a set larger than a page) is
// asked again alone, where the single read names what went wrong; a node that refuses batches is
// asked one read at a time from then on.

const WINDOW_MS = 2;
const MOST_PER_BATCH = 5;
const TIMEOUT_MS = 30_000;

interface Waiting {
  height: bigint;
  resolve: (block: LightBlockJson) => void;
  reject: (error: unknown) => void;
}

interface RpcAnswer {
  id?: unknown;
  result?: unknown;
  error?: unknown;
}

type CommitResult = { signed_header: LightBlockJson['signed_header'] };
type ValidatorsResult = { validators: ValidatorJson[]; total: string };

/** The node answered the batch with something other than a JSON-RPC batch answer. */
class BatchRefusedError extends Error {}

export class LightBlockBatches {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  private batching = true;

  constructor(
    private readonly rpcUrl: string,
    private readonly validatorsPage: number,
    /** One light block read alone: the reference path, with its own retries and error words. */
    private readonly readAlone: (height: bigint) => Promise<LightBlockJson>,
    /** The light block from a commit and a whole validator set, checked as the single read checks it. */
    private readonly assemble: (height: bigint, commit: CommitResult, validators: ValidatorJson[]) => LightBlockJson,
  ) {}

  read(height: bigint): Promise<LightBlockJson> {
    if (!this.batching) return this.readAlone(height);
    return new Promise((resolve, reject) => {
      this.waiting.push({ height, resolve, reject });
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
    this.readAlone(each.height).then(each.resolve, each.reject);
  }

  private async send(group: Waiting[]): Promise<void> {
    if (group.length === 1) return this.alone(group[0]);
    let answers: Map<unknown, RpcAnswer>;
    try {
      answers = await withRetry(
        (remainingMs) => this.post(group, remainingMs),
        (error) => error instanceof BatchRefusedError,
        { deadline: { ms: TIMEOUT_MS, what: `a batch of ${group.length} light blocks` } },
      );
    } catch (error) {
      if (error instanceof BatchRefusedError) this.batching = false;
      // A node silent for the whole deadline is a fault of each read, not a reason to ask again alone.
      if (error instanceof DeadlineError) for (const each of group) each.reject(error);
      else for (const each of group) this.alone(each);
      return;
    }
    for (const [index, each] of group.entries()) {
      const commit = answers.get(2 * index)?.result as CommitResult | undefined;
      const validators = answers.get(2 * index + 1)?.result as ValidatorsResult | undefined;
      const whole =
        commit?.signed_header &&
        Array.isArray(validators?.validators) &&
        validators.validators.length > 0 &&
        String(validators.validators.length) === validators.total;
      if (!whole) {
        this.alone(each);
        continue;
      }
      try {
        each.resolve(this.assemble(each.height, commit, validators.validators));
      } catch (error) {
        each.reject(error);
      }
    }
  }

  private async post(group: Waiting[], remainingMs: number): Promise<Map<unknown, RpcAnswer>> {
    const calls = group.flatMap((each, index) => [
      { jsonrpc: '2.0', id: 2 * index, method: 'commit', params: { height: String(each.height) } },
      {
        jsonrpc: '2.0',
        id: 2 * index + 1,
        method: 'validators',
        params: { height: String(each.height), page: '1', per_page: String(this.validatorsPage) },
      },
    ]);
    const answer = await httpPostJson(
      this.rpcUrl,
      JSON.stringify(calls),
      Math.max(1, Math.min(TIMEOUT_MS, remainingMs)),
    );
    // A node that takes no batches says so with these; a 429 is a pause, not a refusal.
    if ([400, 404, 405, 413, 501].includes(answer.status))
      throw new BatchRefusedError(`a batch was answered ${answer.status}`);
    if (answer.status !== 200) throw new Error(`a batch of light blocks was answered ${answer.status}`);
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
