import { bech32 } from 'bech32';

export const ACCOUNT_PREFIX = 'cosmos';

export type AddressCheck = { ok: true; address: string; bytes: number } | { ok: false; reason: string };

/** Validates an account address without asking any server. */
export function checkAddress(input: string, prefix = ACCOUNT_PREFIX): AddressCheck {
  const s = input.trim();
  if (s === '') return { ok: false, reason: 'Enter an address.' };
  try {
    const { prefix: hrp, words } = bech32.decode(s, 1023);
    const bytes = bech32.fromWords(words).length;
    if (hrp !== prefix)
      return { ok: false, reason: `This address is for another chain (prefix "${hrp}", expected "${prefix}").` };
    if (bytes !== 20 && bytes !== 32)
      return { ok: false, reason: `An account address has 20 or 32 bytes; this one has ${bytes}.` };
    return { ok: true, address: s.toLowerCase(), bytes };
  } catch {
    return { ok: false, reason: `"${s.length > 80 ? s.slice(0, 80) + '…' : s}" is not a valid bech32 address.` };
  }
}

export function shortAddress(a: string): string {
  return a.length > 24 ? `${a.slice(0, 12)}…${a.slice(-6)}` : a;
}
