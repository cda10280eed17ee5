import { shownDecimal } from '../format-number.ts';

/**
 * A sentence whose numbers are kept apart from its words, so a page can show each number in its
 * readable form with the exact value on demand, and a test or a label can read it as plain text.
 */
export type Phrase = readonly (string | { decimal: string; suffix?: string })[];

/** The phrase as plain text, every number in its readable (rounded) form. */
export const phraseText = (phrase: Phrase) =>
  phrase
    .map((part) => (typeof part === 'string' ? part : shownDecimal(part.decimal).text + (part.suffix ?? '')))
    .join('');
