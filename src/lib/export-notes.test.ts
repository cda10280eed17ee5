import { afterEach, describe, expect, it, vi } from 'vitest';

import { sha256Hex } from './export-notes.ts';

// An export names its proof bundle by the SHA-256 of the file's bytes, as `sha256sum` prints it;
// on plain http (no WebCrypto outside secure contexts) a library computes the same hash.

const bytes = new TextEncoder().encode('{"format":"polity-proof-bundle/1"}\n');
const SHA256SUM = 'ee55dea88f7285855d50f140c9b741f62548771a6ec0f7947d909d976f2fcfa3';

afterEach(() => vi.unstubAllGlobals());

describe('sha256Hex', () => {
  it('with WebCrypto', async () => {
    expect(globalThis.crypto?.subtle).toBeDefined();
    expect(await sha256Hex(bytes)).toBe(SHA256SUM);
  });

  it('without it, on a page served over plain http', async () => {
    vi.stubGlobal('crypto', {});
    expect(await sha256Hex(bytes)).toBe(SHA256SUM);
  });
});
