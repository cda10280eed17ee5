import { directionControlName, directionControls } from '../../../text-rules/direction-controls.ts';

// On-chain text is written by anyone. Bidi controls in it can reverse or reorder what is shown
// around them (a title that reads "refund" while its bytes say otherwise); huge strings can
// make a page 90,000 px tall. Both are defused here, for plain strings and for the component.

// The table of them is shared with the archive and the command line (text-rules/).
const CONTROLS = directionControls();

/** Whether text holds a text-direction control (which would make it read other than it is). */
export const hasControls = (text: string) => text.search(CONTROLS) !== -1;

export interface Control {
  /** Its usual abbreviation, shown in place of the invisible character. */
  name: string;
  /** "U+202E". */
  code: string;
}

const controlOf = (char: string): Control => ({
  name: directionControlName(char) ?? '?',
  code: `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
});

/** The text in pieces: plain runs, and each bidi control as a visible marker. */
export function splitControls(text: string): (string | Control)[] {
  const parts: (string | Control)[] = [];
  let from = 0;
  for (const match of text.matchAll(CONTROLS)) {
    if (match.index > from) parts.push(text.slice(from, match.index));
    parts.push(controlOf(match[0]));
    from = match.index + 1;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

/** For places that take a plain string (a link's text, a tab title): controls become `⟨RLO⟩`. */
export const markControls = (text: string) => text.replace(CONTROLS, (char) => `⟨${controlOf(char).name}⟩`);

/**
 * The first `max` characters (never splitting a surrogate pair) and whether anything was left
 * out. Lengths are in UTF-16 units, as the browser lays them out; close enough for a limit.
 */
export function shorten(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return { text: text.slice(0, end), cut: true };
}

/** A one-line label from on-chain text: controls marked, and at most `max` characters. */
export function labelText(text: string | null | undefined, max = 160): string {
  if (!text) return '';
  const short = shorten(text, max);
  return markControls(short.text) + (short.cut ? '…' : '');
}
