import { directionControlName } from '../../text-direction.ts';

// On-chain text (titles, summaries, names) is written by anyone, and the feeds put it into XML.
// XML 1.0 forbids most C0 controls, unpaired surrogates and U+FFFE/U+FFFF: one such character
// and the whole feed is not XML, so readers drop it. Bidi controls are allowed, but a reader
// would apply them and show a title that reads other than its bytes say. Both are defused here,
// the bidi controls shown as the same markers the dashboard shows (see text-direction.ts).

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Text as XML character data (or an attribute value): markup characters escaped; C0 controls
 * other than tab, line feed and carriage return (and DEL) shown as their Control Pictures
 * (U+0001 → ␁); bidi controls as markers (U+202E → ⟨RLO⟩); unpaired surrogates, U+FFFE and
 * U+FFFF as U+FFFD.
 */
export function xmlText(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    const code = text.charCodeAt(index);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) out += String.fromCharCode(0x2400 + code);
    else if (code === 0x7f) out += '\u2421';
    else if (isHigh(code) && isLow(text.charCodeAt(index + 1))) {
      out += char + text[index + 1];
      index++;
    } else if (isHigh(code) || isLow(code) || code === 0xfffe || code === 0xffff) out += '\uFFFD';
    else {
      const control = directionControlName(char);
      out += ESCAPES[char] ?? (control === undefined ? char : `⟨${control}⟩`);
    }
  }
  return out;
}

/** An attribute value: as text, with tab and line breaks kept as references (a parser would turn them into spaces). */
export const xmlAttribute = (text: string) => xmlText(text).replace(/[\t\n\r]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The first `max` UTF-16 units of a text, never splitting a surrogate pair, with "…" when cut:
 * a feed entry's title stays a title whatever was put on chain.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = isHigh(text.charCodeAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}
