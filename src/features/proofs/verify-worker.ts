import { verifyBytes, type VerifyRequest } from './verify-bytes.ts';

// A Web Worker: thousands of signatures and Merkle paths are checked off the page's thread, so
// the page scrolls and answers while they are. One message in (the bundle's bytes), one out: the
// report, or — should the check itself fail — the error in words, so the page never waits for ever.

self.addEventListener('message', (event: MessageEvent<VerifyRequest>) => {
  verifyBytes(event.data).then(
    (verified) => self.postMessage({ verified }),
    (error: unknown) => self.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
});
