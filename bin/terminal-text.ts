import { DIRECTION_CONTROL_NAMES } from '../text-rules/direction-controls.ts';

// A bundle's text (titles, addresses, reasons) is written by whoever made the bundle. Printed raw,
// an escape sequence could clear the screen and paint its own green "Proven", and a direction
// control could reorder a line: every control character is shown as an escape instead.

// Built from code points (control characters are exactly what this matches) and the one table
// of direction controls.
const CONTROLS = new RegExp(
  `[${[
    [0x00, 0x1f],
    [0x7f, 0x9f],
    [0x2028, 0x2029],
  ]
    .map(([first, last]) => `\\u{${first.toString(16)}}-\\u{${last.toString(16)}}`)
    .join('')}${Object.keys(DIRECTION_CONTROL_NAMES).join('')}]`,
  'gu',
);

const escapeOf = (character: string) => {
  const code = character.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** The line with every control and direction character written as `\x1b`, `\u202e`. */
export const terminalSafe = (line: string) => line.replace(CONTROLS, escapeOf);
