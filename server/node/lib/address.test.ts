import { describe, expect, it } from 'vitest';

import { decodeAccAddress, encodeAccAddress } from './bech32-sdk.ts';
import { policyAddressBytes } from './policy-address.ts';

describe('group policy addresses', () => {
  it('are derived as x/group does (reference test vectors)', () => {
    expect(encodeAccAddress(policyAddressBytes(1n))).toBe(
      'cosmos1afk9zr2hn2jsac63h4hm60vl9z3e5u69gndzf7c99cqge3vzwjzsfwkgpd',
    );
    expect(encodeAccAddress(policyAddressBytes(2n))).toBe(
      'cosmos1dlszg2sst9r69my4f84l3mj66zxcf3umcgujys30t84srg95dgvsmn3jeu',
    );
    expect(encodeAccAddress(policyAddressBytes(3n))).toBe(
      'cosmos1c799jddmlz7segvg6jrw6w2k6svwafganjdznard3tc74n7td7rqd4thh0',
    );
  });

  it('decode back to their 32 bytes', () => {
    const bytes = decodeAccAddress('cosmos1afk9zr2hn2jsac63h4hm60vl9z3e5u69gndzf7c99cqge3vzwjzsfwkgpd');
    expect(Buffer.isBuffer(bytes) && bytes.length).toBe(32);
  });
});
