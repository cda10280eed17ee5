import { bech32 } from 'bech32';
import { describe, expect, it } from 'vitest';

import { checkAddress, sameKeyAs, shortAddress } from './address.ts';

describe('shortAddress', () => {
  it('keeps the whole prefix of a validator address, and the usual length for an account', () => {
    expect(shortAddress('cosmosvaloper1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu')).toBe('cosmosvaloper1qypqx…lzv7xu');
    expect(shortAddress('cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5wzz3p5')).toBe('cosmos1qypqx…wzz3p5');
    expect(shortAddress('cosmos1short')).toBe('cosmos1short');
  });
});

describe('an address on another chain', () => {
  const cosmos = bech32.encode('cosmos', bech32.toWords(new Uint8Array(20).fill(7)));
  it('is a valid address whose prefix tells its chain', () => {
    expect(checkAddress(sameKeyAs(cosmos, 'regen'))).toMatchObject({ ok: true, prefix: 'regen', bytes: 20 });
  });
  it('is the same key written with the other prefix, and back', () => {
    const regen = sameKeyAs(cosmos, 'regen');
    expect(regen.slice(6, -6)).toBe(cosmos.slice(7, -6));
    expect(sameKeyAs(regen, 'cosmos')).toBe(cosmos);
  });
});
