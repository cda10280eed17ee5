import { GrpcCode, GrpcStatusError } from '../../../lib/grpc-status.ts';

// A bundle can hold thousands of signed headers and proofs. Built and written in one go it would
// hold the event loop for seconds, and every other answer of the server with it: bundles are
// built a few at a time, the rest wait their turn (a flood is told to come back later), and their
// JSON is written a few hundred entries at a time with the event loop let through in between.

/**
 * JSON already written: the archive's answer sends it as it is. A proof bundle says whether it
 * can still change ('changing') or not ('final': its subject pruned and every fact proven).
 */
export class SerializedJson {
  constructor(
    readonly text: string,
    readonly bundle: 'final' | 'changing' | null = null,
  ) {}
}

const ENTRIES_PER_SLICE = 200;
const letThrough = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Exactly JSON.stringify(value) for a flat object of arrays and values, written slice by slice. */
export async function serializeInSlices(value: Record<string, unknown>): Promise<SerializedJson> {
  const members: string[] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (entry === undefined) continue;
    if (!Array.isArray(entry)) {
      members.push(`${JSON.stringify(key)}:${JSON.stringify(entry)}`);
      continue;
    }
    const slices: string[] = [];
    for (let start = 0; start < entry.length; start += ENTRIES_PER_SLICE) {
      slices.push(
        entry
          .slice(start, start + ENTRIES_PER_SLICE)
          .map((item: unknown) => JSON.stringify(item) ?? 'null')
          .join(','),
      );
      await letThrough();
    }
    members.push(`${JSON.stringify(key)}:[${slices.join(',')}]`);
  }
  return new SerializedJson(`{${members.join(',')}}`);
}

/** Too much work under way: asked again after `retryAfterSeconds`, it may be done. */
export class BusyError extends GrpcStatusError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(GrpcCode.Unavailable, message);
  }
}

/** At most `concurrent` pieces of work at once; at most `waiting` more wait, the rest are refused. */
export class WorkTurns {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly concurrent: number,
    private readonly waiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrent) {
      if (this.queue.length >= this.waiting) {
        throw new BusyError(
          `${this.running + this.queue.length} proof bundles are being built: ask again in a few seconds`,
          3,
        );
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
