// A bundle's text (titles, addresses, reasons) is written by whoever made the bundle. Printed raw,
// an escape sequence could clear the screen and paint its own green "Proven", and a direction
// control could reorder a line: every control character is shown as an escape instead.

const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;

const escapeOf = (character: string) => {
  const code = character.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** The line with every control and direction character written as `\x1b`, `\u202e`. */
export const terminalSafe = (line: string) => line.replace(CONTROLS, escapeOf);
