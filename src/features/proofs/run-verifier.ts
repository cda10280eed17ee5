import type { VerifiedBundle } from './verify-bytes.ts';

// Runs the verifier in a worker of its own, started for one bundle and ended with it (a check is
// rare; an idle worker would only hold memory). Tests in jsdom, which has no workers, run the
// same module on the page's thread; a build leaves that branch out (its CommonJS helpers would
// otherwise join the runtime every first page loads).

export function verifyInBrowser(bytes: Uint8Array, signal?: AbortSignal): Promise<VerifiedBundle> {
  if (import.meta.env.MODE === 'test' && typeof Worker === 'undefined')
    return import('./verify-bytes.ts').then((module) => module.verifyBytes(bytes));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./verify-worker.ts', import.meta.url), { type: 'module' });
    const end = () => {
      worker.terminate();
      signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      end();
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('The check was stopped', 'AbortError'));
    };
    signal?.addEventListener('abort', abort);
    worker.addEventListener('message', (event: MessageEvent<VerifiedBundle>) => {
      end();
      resolve(event.data);
    });
    worker.addEventListener('error', (event) => {
      end();
      reject(new Error(`the verifier could not run in this browser${event.message ? `: ${event.message}` : ''}`));
    });
    // The page keeps its bytes (they are what the reader downloads): the worker gets a copy.
    worker.postMessage(bytes);
  });
}
