import { describe, expect, it } from 'vitest';

import type { FetchedBlock } from '../../source/rpc-reader.ts';
import { breakInChain, ChainBreakError, refuseUnlessVouched } from './chain-guard.ts';

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

describe('a block read is the one the verified headers name', () => {
  it('passes a block whose hash the light client gave (any case), or when nothing was verified', () => {
    expect(() => refuseUnlessVouched(block(11n, 'ab12', 'A'), 'AB12')).not.toThrow();
    expect(() => refuseUnlessVouched(block(11n, 'AB12', 'A'), null)).not.toThrow();
    expect(() => refuseUnlessVouched(block(11n, 'AB12', 'A'), undefined)).not.toThrow();
  });

  it('refuses, before anything merges, a block answered under another hash', () => {
    expect(() => refuseUnlessVouched(block(11n, 'AB12', 'A'), 'CD34')).toThrow(ChainBreakError);
    expect(() => refuseUnlessVouched(block(11n, 'AB12', 'A'), 'CD34')).toThrow(
      "block 11 is answered under hash AB12, but the verified headers name CD34: the node's blocks are not the chain its validators signed",
    );
  });
});
