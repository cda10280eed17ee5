import { verifyBytes } from './verify-bytes.ts';

// A Web Worker: thousands of signatures and Merkle paths are checked off the page's thread, so
// the page scrolls and answers while they are. One message in (the bundle's bytes), one out.

self.addEventListener('message', (event: MessageEvent<Uint8Array>) => {
  void verifyBytes(event.data).then((verified) => self.postMessage(verified));
});
