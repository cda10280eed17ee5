// Text-direction controls: characters that reorder what is shown around them (a title that reads
// "refund" while its bytes say otherwise). The archive's one table of them, by the name shown in
// their place: the feeds mark them (api/xml-text.ts), chat lines drop them (webhooks/chat-text.ts).
// The dashboard keeps its own (src/lib/text/hostile-text.ts), since neither imports the other; both run
// test-vectors/text-direction-controls.json.

const CONTROL_NAMES: Readonly<Record<string, string>> = {
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

/** The usual abbreviation of a text-direction control (`RLO` for U+202E); undefined for any other character. */
export const directionControlName = (char: string): string | undefined => CONTROL_NAMES[char];
