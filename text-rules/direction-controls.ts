// Text-direction controls: characters that reorder what is shown around them (a title that reads
// "refund" while its bytes say otherwise). The one table of them, by the name shown in their
// place, for every room: the dashboard marks them, the archive's feeds mark them and its chat lines
// drop them, polity-verify escapes them. Pure (no Node or DOM API); test-vectors/text-direction-controls.json
// holds the cases every user of it runs.

export const DIRECTION_CONTROL_NAMES: Readonly<Record<string, string>> = {
  '\u061C': 'ALM',
  '\u200E': 'LRM',
  '\u200F': 'RLM',
  '\u202A': 'LRE',
  '\u202B': 'RLE',
  '\u202C': 'PDF',
  '\u202D': 'LRO',
  '\u202E': 'RLO',
  '\u2066': 'LRI',
  '\u2067': 'RLI',
  '\u2068': 'FSI',
  '\u2069': 'PDI',
};

/** Every direction control, as a character class (global: for replace and matchAll). */
export const directionControls = () => /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The usual abbreviation of a text-direction control (`RLO` for U+202E); undefined for any other character. */
export const directionControlName = (char: string): string | undefined => DIRECTION_CONTROL_NAMES[char];
