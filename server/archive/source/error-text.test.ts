import { describe, expect, it } from 'vitest';

import { errorText } from './error-text.ts';

describe('errorText', () => {
  it('names why a fetch failed, from its cause', async () => {
    // 4190 is on the fetch standard's list of ports no fetch may use.
    const failure = await fetch('http://127.0.0.1:4190/rpc/status').catch((error: unknown) => error);
    expect(errorText(failure)).toBe('fetch failed: bad port');
  });

  it('keeps a plain message as it is and repeats nothing', () => {
    expect(errorText(new Error('no complete answer within 10000 ms from node:26657'))).toBe(
      'no complete answer within 10000 ms from node:26657',
    );
    expect(errorText(new Error('refused', { cause: new Error('refused') }))).toBe('refused');
    expect(errorText('a string')).toBe('a string');
  });
});
