import { bech32 } from 'bech32';

type AddressCheck = { ok: true; address: string; bytes: number; prefix: string } | { ok: false; reason: string };

/**
 * Validates an account address without asking any server: its checksum and length. Which chain
 * it belongs to (its prefix) is the page's question, asked once the chain's prefix is known.
 */
export function checkAddress(input: string): AddressCheck {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'Enter an address.' };
  try {
    const { prefix, words } = bech32.decode(text, 1023);
    const bytes = bech32.fromWords(words).length;
    if (bytes !== 20 && bytes !== 32)
      return { ok: false, reason: `An account address has 20 or 32 bytes; this one has ${bytes}.` };
    return { ok: true, address: text.toLowerCase(), bytes, prefix };
  } catch {
    return {
      ok: false,
      reason: `"${text.length > 80 ? text.slice(0, 80) + '…' : text}" is not a valid bech32 address.`,
    };
  }
}

/** The same key's address on a chain with another prefix: the same bytes, written for that chain. */
export function sameKeyAs(address: string, prefix: string): string {
  const { words } = bech32.decode(address, 1023);
  return bech32.encode(prefix, words, 1023);
}

export { shortAddress } from './short-address.ts';
