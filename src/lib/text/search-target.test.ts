import { bech32 } from 'bech32';
import { describe, expect, it } from 'vitest';

import { parseId } from '../chain/ids.ts';
import { searchTarget } from './search-target.ts';

const addr = (bytes: number, prefix = 'cosmos') => bech32.encode(prefix, bech32.toWords(new Uint8Array(bytes).fill(3)));

describe('the overview search box', () => {
  it('routes prefixed ids and asks about bare numbers', () => {
    expect(searchTarget('g 12')).toEqual({ kind: 'go', to: '/groups/12' });
    expect(searchTarget('#7')).toEqual({ kind: 'go', to: '/proposals/7' });
    expect(searchTarget('proposal 18446744073709551615')).toEqual({
      kind: 'go',
      to: '/proposals/18446744073709551615',
    });
    expect(searchTarget('42')).toMatchObject({ kind: 'choose' });
  });
  it('routes addresses by length: 32 bytes is a policy', () => {
    expect(searchTarget(addr(20))).toEqual({ kind: 'go', to: `/voters/${addr(20)}` });
    expect(searchTarget(addr(32))).toEqual({ kind: 'go', to: `/policies/${addr(32)}` });
    // Another chain's address goes to its page too, which says whose it is and offers the same key here.
    expect(searchTarget(addr(20, 'osmo'))).toEqual({ kind: 'go', to: `/voters/${addr(20, 'osmo')}` });
  });
  it('explains what is wrong without asking a server', () => {
    expect(searchTarget('')).toMatchObject({ kind: 'error' });
    expect(searchTarget('g abc')).toMatchObject({
      kind: 'error',
      message: '"abc" is not a group id (a whole number).',
    });
    expect(searchTarget('18446744073709551616')).toMatchObject({ kind: 'error' });
  });
  it('ids stay strings, never numbers', () => {
    expect(parseId('18446744073709551615')).toBe('18446744073709551615');
    expect(parseId('007')).toBe('7');
    expect(parseId('0x10')).toBeNull();
  });
});
