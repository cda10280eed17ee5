import { checkAddress, sameKeyAs, shortAddress } from '../lib/chain/address.ts';
import { useChainPrefix } from './use-chain-prefix.ts';

/** An address of another chain: the prefix it has, the one this chain writes, and the same key here. */
export interface OtherChainAddress {
  address: string;
  prefix: string;
  expected: string;
  sameKeyHere: string;
}

export type AddressOnChain =
  | { ok: true; address: string; bytes: number; prefix: string }
  | { ok: false; reason: string; otherChain?: OtherChainAddress };

/**
 * A page's address, checked by its checksum at once and by the chain's prefix once that is known:
 * a regen1… address on a cosmos1… chain is refused with the same key written for this chain.
 */
export function useAddressOnChain(input: string, endpoint: string): AddressOnChain {
  const check = checkAddress(input);
  const expected = useChainPrefix(endpoint);
  if (!check.ok || expected === null || check.prefix === expected) return check;
  return {
    ok: false,
    reason:
      `${shortAddress(check.address)} is an address of another chain (prefix "${check.prefix}"): ` +
      `this chain writes its addresses with "${expected}".`,
    otherChain: {
      address: check.address,
      prefix: check.prefix,
      expected,
      sameKeyHere: sameKeyAs(check.address, expected),
    },
  };
}
