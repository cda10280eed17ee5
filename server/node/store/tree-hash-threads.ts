import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

import type { HashJob } from './packed-hash-share.ts';

// The threads that share a large tree's hashing with the thread building it. They are started
// ahead (their module loads while the state is built) and stopped once the tree is hashed.

/**
 * Run from the TypeScript sources (tests, `npm run serve`), the thread starts through a loader
 * for its .ts file; compiled into dist-server/, it is the .mjs built beside the service.
 */
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(
  FROM_SOURCES ? './tree-hash-worker-from-sources.mjs' : './tree-hash-worker.mjs',
  import.meta.url,
);

export class TreeHashThreads {
  private constructor(private readonly workers: Worker[]) {}

  /** Threads beside this one: one per other core, at least one, at most `most`. */
  static start(most = 3): TreeHashThreads {
    const count = Math.max(1, Math.min(most, availableParallelism() - 1));
    const workers = Array.from({ length: count }, () => {
      const worker = new Worker(WORKER_FILE);
      // A thread that fails leaves its share to the others (the builder can finish alone).
      worker.on('error', (error) => console.warn(`a tree-hashing thread failed: ${error.message}`));
      worker.unref();
      return worker;
    });
    return new TreeHashThreads(workers);
  }

  /** Hands the job to every thread: each takes pieces until none is left. */
  share(job: HashJob): void {
    for (const worker of this.workers) worker.postMessage(job);
  }

  stop(): void {
    for (const worker of this.workers) void worker.terminate();
  }
}
