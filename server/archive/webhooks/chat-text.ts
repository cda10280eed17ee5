import { directionControlName } from '../text-direction.ts';

// On-chain text (titles, group names, upgrade names) is written by whoever sent the transaction.
// In the `text` a chat tool posts as is, it must not reorder what surrounds it, hide anything,
// break lines or run on: controls and bidirectional marks go, invisible characters go, line breaks
// become spaces, and long text is cut.

/** Ranges of code points that never show in a chat line, besides the text-direction controls. */
const HIDDEN: readonly (readonly [number, number])[] = [
  [0x00, 0x1f], // C0 controls, line breaks included
  [0x7f, 0x9f], // DEL and the C1 controls
  [0x200b, 0x200d], // zero-width space and joiners
  [0x2060, 0x2064], // word joiner and invisible operators
  [0xfeff, 0xfeff], // byte-order mark
];

const hidden = (character: string, point: number) =>
  directionControlName(character) !== undefined || HIDDEN.some(([from, to]) => point >= from && point <= to);
/** A control (a line break, a tab) stood between words; a mark or a zero-width character did not. */
const replacement = (point: number) => (point <= 0x9f ? ' ' : '');

/** `text` safe to place in a chat line, at most `max` characters (a cut ends with "…"). */
export function chatSafe(text: string, max = 80): string {
  const shown = Array.from(text, (character) => {
    const point = character.codePointAt(0)!;
    return hidden(character, point) ? replacement(point) : character;
  }).join('');
  const plain = shown.replace(/\s+/gu, ' ').trim();
  // By code point, so a cut never splits a character in two halves of a surrogate pair.
  const points = Array.from(plain);
  return points.length <= max
    ? plain
    : `${points
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** A title in quotes, or a word saying there is none. */
export const quoted = (text: string, max = 80) => {
  const safe = chatSafe(text, max);
  return safe === '' ? '(untitled)' : `“${safe}”`;
};

/** A long address shortened for reading (`cosmos1qypq…x7k2m3`); the event carries it whole. */
export function shortAddress(address: string): string {
  const safe = chatSafe(address, 200);
  return safe.length <= 20 ? safe : `${safe.slice(0, 12)}…${safe.slice(-6)}`;
}

/** `VOTE_OPTION_NO_WITH_VETO` → `no with veto`; `PROPOSAL_STATUS_ACCEPTED` → `accepted`. */
export const word = (value: string) =>
  chatSafe(value.replace(/^(VOTE_OPTION|PROPOSAL_STATUS|PROPOSAL_EXECUTOR_RESULT)_/, ''), 40)
    .toLowerCase()
    .replace(/_/g, ' ');
