// Apart from lib/address.ts, whose checksum library the first page need not load to shorten a name.

export function shortAddress(address: string): string {
  if (address.length <= 24) return address;
  // The prefix stays whole ("cosmosvaloper1qz…", not "cosmosvalope…"), then five characters of data.
  const separator = address.lastIndexOf('1');
  const keep = separator > 0 && separator <= 20 ? separator + 6 : 12;
  return `${address.slice(0, keep)}…${address.slice(-6)}`;
}

/**
 * Whether text has the shape of a bech32 account address (lower case, a prefix, a 1, data):
 * enough to start a page's reads early; the page checks the checksum itself.
 */
export const hasAddressShape = (text: string) => /^[a-z][a-z0-9]{0,82}1[02-9ac-hj-np-z]{38,}$/.test(text.trim());
