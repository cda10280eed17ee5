import { bech32 } from 'bech32';

const ACCOUNT_PREFIX = 'cosmos';

type AddressCheck = { ok: true; address: string; bytes: number } | { ok: false; reason: string };

/** Validates an account address without asking any server. */
export function checkAddress(input: string, prefix = ACCOUNT_PREFIX): AddressCheck {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'Enter an address.' };
  try {
    const { prefix: hrp, words } = bech32.decode(text, 1023);
    const bytes = bech32.fromWords(words).length;
    if (hrp !== prefix)
      return { ok: false, reason: `This address is for another chain (prefix "${hrp}", expected "${prefix}").` };
    if (bytes !== 20 && bytes !== 32)
      return { ok: false, reason: `An account address has 20 or 32 bytes; this one has ${bytes}.` };
    return { ok: true, address: text.toLowerCase(), bytes };
  } catch {
    return {
      ok: false,
      reason: `"${text.length > 80 ? text.slice(0, 80) + '…' : text}" is not a valid bech32 address.`,
    };
  }
}

export function shortAddress(address: string): string {
  if (address.length <= 24) return address;
  // The prefix stays whole ("cosmosvaloper1qz…", not "cosmosvalope…"), then five characters of data.
  const separator = address.lastIndexOf('1');
  const keep = separator > 0 && separator <= 20 ? separator + 6 : 12;
  return `${address.slice(0, keep)}…${address.slice(-6)}`;
}
