import { describe, expect, it } from 'vitest';

import type { FetchedBlock } from '../../source/rpc-reader.ts';
import { breakInChain } from './chain-guard.ts';

const block = (height: bigint, hash: string, lastBlockHash: string): FetchedBlock => ({
  height,
  hash,
  lastBlockHash,
  time: '2026-11-24T00:00:00Z',
  txs: [],
  results: [],
  finalizeEvents: [],
});

describe('blocks the archive merges follow the archived ones', () => {
  it('takes blocks that each name the one before', () => {
    expect(breakInChain('A', [block(11n, 'B', 'A'), block(12n, 'C', 'B')])).toBeNull();
    // After a gap (or at a genesis) nothing is known to check the first block against.
    expect(breakInChain('', [block(11n, 'B', 'Z'), block(12n, 'C', 'B')])).toBeNull();
  });

  it('refuses a block naming another before it, or naming none after a known block (forged)', () => {
    expect(breakInChain('A', [block(11n, 'B', 'Q')])).toMatch(/block 11 does not follow the archived block 10/);
    expect(breakInChain('A', [block(11n, 'B', 'A'), block(12n, 'C', '')])).toMatch(/block 12 does not follow/);
  });
});
