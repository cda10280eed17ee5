import { bech32 } from 'bech32';
import { describe, expect, it } from 'vitest';

import { matchesWords, parseSearch } from './search-query.ts';

const addr = (bytes: number, prefix = 'cosmos') => bech32.encode(prefix, bech32.toWords(new Uint8Array(bytes).fill(7)));

describe('the search parser', () => {
  it('reads group ids: g12, group 12', () => {
    for (const input of ['g12', 'G 12', 'group 12', 'Group #12', 'group#12'])
      expect(parseSearch(input), input).toEqual({ kind: 'group', id: '12' });
    expect(parseSearch('g 0012')).toEqual({ kind: 'group', id: '12' });
  });

  it('reads proposal ids: p12, proposal 12', () => {
    for (const input of ['p12', 'P 12', 'proposal 12', 'Proposal #12', 'p#12'])
      expect(parseSearch(input), input).toEqual({ kind: 'proposal', id: '12' });
    expect(parseSearch('p18446744073709551615')).toEqual({ kind: 'proposal', id: '18446744073709551615' });
  });

  it('leaves a bare number and #12 ambiguous (the UI writes proposals and groups so), to offer what exists', () => {
    expect(parseSearch('42')).toEqual({ kind: 'number', id: '42' });
    for (const input of ['#12', ' # 12 ', '#012'])
      expect(parseSearch(input), input).toEqual({ kind: 'number', id: '12' });
    expect(parseSearch('18446744073709551615')).toEqual({ kind: 'number', id: '18446744073709551615' });
  });

  it('routes addresses by length: 32 bytes is a policy, 20 an account', () => {
    expect(parseSearch(addr(20))).toEqual({ kind: 'address', address: addr(20), policy: false });
    expect(parseSearch(addr(32).toUpperCase())).toEqual({ kind: 'address', address: addr(32), policy: true });
  });

  it('takes the beginning of an address, 3 characters after the 1 at least, as a prefix to look up', () => {
    expect(parseSearch('cosmos1qy3')).toEqual({ kind: 'prefix', prefix: 'cosmos1qy3' });
    expect(parseSearch('COSMOS1QY3Z')).toEqual({ kind: 'prefix', prefix: 'cosmos1qy3z' });
    expect(parseSearch(addr(32).slice(0, 40))).toEqual({ kind: 'prefix', prefix: addr(32).slice(0, 40) });
    // Too short, or not bech32's alphabet after the 1 (b, i, o): words like any other.
    expect(parseSearch('cosmos1q')).toMatchObject({ kind: 'words' });
    expect(parseSearch('team1bob')).toMatchObject({ kind: 'words' });
  });

  it('takes anything else with letters as words', () => {
    expect(parseSearch('budget')).toEqual({ kind: 'words', text: 'budget', words: ['budget'] });
    expect(parseSearch('  Community  budget 2027 ')).toEqual({
      kind: 'words',
      text: 'Community budget 2027',
      words: ['community', 'budget', '2027'],
    });
    expect(parseSearch('group budget')).toMatchObject({ kind: 'words', words: ['group', 'budget'] });
    expect(parseSearch('Español')).toMatchObject({ kind: 'words', words: ['español'] });
  });

  it('explains invalid input instead of guessing', () => {
    expect(parseSearch('')).toMatchObject({ kind: 'invalid' });
    expect(parseSearch('   ')).toMatchObject({ kind: 'invalid' });
    expect(parseSearch('#%!')).toMatchObject({ kind: 'invalid', message: expect.stringContaining('no letters') });
    expect(parseSearch('18446744073709551616')).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('too large'),
    });
    expect(parseSearch('p18446744073709551616')).toMatchObject({
      kind: 'invalid',
      message: '18446744073709551616 is too large to be a proposal id.',
    });
    expect(parseSearch('g12x')).toMatchObject({
      kind: 'invalid',
      message: '"12x" is not a group id (a whole number).',
    });
    expect(parseSearch('p1.5')).toMatchObject({ kind: 'invalid' });
    // Another chain's address is an address: its page says which chain it belongs to.
    expect(parseSearch(addr(20, 'osmo'))).toEqual({ kind: 'address', address: addr(20, 'osmo'), policy: false });
    // A typo in an address is a bad address, not words.
    const typo = addr(20).slice(0, -1) + (addr(20).endsWith('q') ? 'p' : 'q');
    expect(parseSearch(typo)).toMatchObject({ kind: 'invalid', message: expect.stringContaining('bech32') });
  });

  it('matches words as prefixes of a name’s words', () => {
    expect(matchesWords('Community budget 2027', ['budg', '2027'])).toBe(true);
    expect(matchesWords('Community budget 2027', ['udget'])).toBe(false);
    expect(matchesWords('Core contributors', ['core', 'x'])).toBe(false);
  });
});
