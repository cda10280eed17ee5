import { describe, expect, it } from 'vitest';

import { shortAddress } from './address.ts';

describe('shortAddress', () => {
  it('keeps the whole prefix of a validator address, and the usual length for an account', () => {
    expect(shortAddress('cosmosvaloper1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu')).toBe('cosmosvaloper1qypqx…lzv7xu');
    expect(shortAddress('cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5wzz3p5')).toBe('cosmos1qypqx…wzz3p5');
    expect(shortAddress('cosmos1short')).toBe('cosmos1short');
  });
});
