import { describe, expect, it } from 'vitest';

import { shareText } from './share-text.ts';

const nbsp = (text: string) => text.replace(/([≈<>]) /, '$1\u00a0');

describe('a share in words', () => {
  it('rounds to two places, says so when it did, and drops trailing zeros', () => {
    expect(shareText('81', '100')).toBe(nbsp('81%'));
    expect(shareText('1', '8')).toBe(nbsp('12.5%'));
    expect(shareText('12', '19')).toBe(nbsp('≈ 63.16%'));
    expect(shareText('0', '19')).toBe(nbsp('0%'));
    expect(shareText('19', '19')).toBe(nbsp('100%'));
  });

  it('never rounds a non-zero share to 0 % nor a partial one to 100 %', () => {
    expect(shareText('1', '1000000')).toBe(nbsp('< 0.01%'));
    expect(shareText('999999', '1000000')).toBe(nbsp('> 99.99%'));
    expect(shareText('0.000000000000000001', '3')).toBe(nbsp('< 0.01%'));
  });

  it('has no share of nothing', () => {
    expect(shareText('0', '0')).toBeNull();
  });
});
