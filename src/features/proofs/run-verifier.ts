import type { VerifiedBundle, VerifyRequest } from './verify-bytes.ts';

// Runs the verifier in a worker of its own, started for one bundle and ended with it (a check is
// rare; an idle worker would only hold memory). Tests in jsdom, which has no workers, run the
// same module on the page's thread; a build leaves that branch out (its CommonJS helpers would
// otherwise join the runtime every first page loads).

/** The worker's one answer: the report, or why the check could not run. */
export type WorkerAnswer = { verified: VerifiedBundle } | { error: string };

const newWorker = () => new Worker(new URL('./verify-worker.ts', import.meta.url), { type: 'module' });

/** A worker started before its bundle arrived, its verifier already loading (curves, ICS23, decoders). */
let spare: Worker | null = null;

/**
 * Starts the verifier's worker ahead of the bundle: loading and compiling its code does not depend
 * on the bytes, so it overlaps the bundle's download instead of following it.
 */
export function prepareVerifier(): void {
  if (spare || typeof Worker === 'undefined') return;
  spare = newWorker();
}

export function verifyInBrowser(request: VerifyRequest, signal?: AbortSignal): Promise<VerifiedBundle> {
  if (import.meta.env.MODE === 'test' && typeof Worker === 'undefined')
    return import('./verify-bytes.ts').then((module) => module.verifyBytes(request));
  return new Promise((resolve, reject) => {
    const worker = spare ?? newWorker();
    spare = null;
    const end = () => {
      worker.terminate();
      signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      end();
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('The check was stopped', 'AbortError'));
    };
    signal?.addEventListener('abort', abort);
    worker.addEventListener('message', (event: MessageEvent<WorkerAnswer>) => {
      end();
      if ('error' in event.data) reject(new Error(`the check stopped: ${event.data.error}`));
      else resolve(event.data.verified);
    });
    worker.addEventListener('messageerror', () => {
      end();
      reject(new Error('the verifier answered with something this page cannot read'));
    });
    worker.addEventListener('error', (event) => {
      end();
      reject(new Error(`the verifier could not run in this browser${event.message ? `: ${event.message}` : ''}`));
    });
    // The page keeps its bytes (they are what the reader downloads): the worker gets a copy.
    worker.postMessage(request);
  });
}
