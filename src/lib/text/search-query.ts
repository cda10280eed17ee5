import { checkAddress } from '../chain/address.ts';
import { parseId } from '../chain/ids.ts';

/**
 * What a person typed into the search box, understood without asking any server:
 * - `group 12`, `g12`: a group;
 * - `proposal 12`, `p12`: a proposal;
 * - a bare number or `#12`: a proposal or a group (the UI writes both as `#12`; the results offer
 *   only the ones that exist, the proposal first);
 * - a bech32 address: 32 bytes is a group policy, 20 an account (voter or admin);
 * - the beginning of an address (`cosmos1qy3…`, at least 3 characters after the `1`): every
 *   address the archive knows that begins with it;
 * - anything else with letters or digits: words to look for in names and titles.
 */
export type SearchQuery =
  | { kind: 'group'; id: string }
  | { kind: 'proposal'; id: string }
  | { kind: 'number'; id: string }
  | { kind: 'address'; address: string; policy: boolean }
  | { kind: 'prefix'; prefix: string }
  | { kind: 'words'; text: string; words: string[] }
  | { kind: 'invalid'; message: string };

const GROUP = /^(?:g|group)\s*#?\s*(\d\S*)$/i;
const PROPOSAL = /^(?:p|proposal)\s*#?\s*(\d\S*)$/i;
const HASH = /^#\s*(\d\S*)$/;
/** Text shaped like a bech32 address (prefix, "1", a long data part), valid or not. */
const ADDRESS_LIKE = /^[a-z]{1,83}1[a-z0-9]{20,}$/i;
/** The beginning of a bech32 address: letters, "1", then characters of bech32's data alphabet. */
const ADDRESS_START = /^[a-z]{2,83}1([02-9ac-hj-np-z]*)$/i;
/** Data characters an address's beginning needs to be searched for (the archive's minimum too). */
export const MIN_PREFIX_DATA = 3;
/** Data lengths of whole addresses (20 and 32 bytes, with the 6-character checksum). */
const WHOLE_DATA_LENGTHS = [38, 58];

function idOf(kind: 'group' | 'proposal', text: string): SearchQuery {
  const id = parseId(text);
  if (id !== null) return { kind, id };
  return {
    kind: 'invalid',
    message: /^\d+$/.test(text)
      ? `${text} is too large to be a ${kind} id.`
      : `"${text}" is not a ${kind} id (a whole number).`,
  };
}

export function parseSearch(input: string): SearchQuery {
  const text = input.trim().replace(/\s+/g, ' ');
  if (text === '') return { kind: 'invalid', message: 'Type a group id, p12 for a proposal, an address or words.' };
  const hash = HASH.exec(text);
  if (hash) {
    const id = parseId(hash[1]);
    if (id !== null) return { kind: 'number', id };
    return {
      kind: 'invalid',
      message: /^\d+$/.test(hash[1])
        ? `${hash[1]} is too large to be an id.`
        : `"${hash[1]}" is not an id (a whole number).`,
    };
  }
  const group = GROUP.exec(text);
  if (group) return idOf('group', group[1]);
  const proposal = PROPOSAL.exec(text);
  if (proposal) return idOf('proposal', proposal[1]);
  if (/^\d+$/.test(text)) {
    const id = parseId(text);
    return id === null ? { kind: 'invalid', message: `${text} is too large to be an id.` } : { kind: 'number', id };
  }
  const start = ADDRESS_START.exec(text);
  if (ADDRESS_LIKE.test(text) && !text.includes(' ')) {
    const address = checkAddress(text);
    if (address.ok) return { kind: 'address', address: address.address, policy: address.bytes === 32 };
    // As long as a whole address (or longer) but not one: a typo, not a beginning.
    const data = text.length - text.lastIndexOf('1') - 1;
    if (!start || data >= Math.min(...WHOLE_DATA_LENGTHS)) return { kind: 'invalid', message: address.reason };
  }
  if (start && start[1].length >= MIN_PREFIX_DATA) return { kind: 'prefix', prefix: text.toLowerCase() };
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return { kind: 'invalid', message: `"${text}" has no letters or digits to search for.` };
  return { kind: 'words', text, words };
}

/** Whether every word is the start of some word of `name` (the archive's prefix match, done locally). */
export function matchesWords(name: string, words: string[]): boolean {
  const parts = name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.every((word) => parts.some((part) => part.startsWith(word)));
}
