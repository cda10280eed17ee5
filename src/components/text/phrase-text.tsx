import { Fragment } from 'react';

import type { Phrase } from '../../lib/text/phrase.ts';
import { DecimalText } from '../values/decimal-text.tsx';

/** A phrase with each number in its readable form, the exact value a press away. */
export function PhraseText({ phrase }: { phrase: Phrase }) {
  return (
    <>
      {phrase.map((part, index) =>
        typeof part === 'string' ? (
          <Fragment key={index}>{part}</Fragment>
        ) : (
          <DecimalText key={index} value={part.decimal} suffix={part.suffix} />
        ),
      )}
    </>
  );
}
