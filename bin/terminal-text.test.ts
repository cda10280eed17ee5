import { describe, expect, it } from 'vitest';

import { terminalSafe } from './terminal-text.ts';

describe('text a bundle wrote, on a terminal', () => {
  it('shows escape sequences, line breaks and direction controls as escapes', () => {
    expect(terminalSafe('\u001b[2J\u001b[32mProven')).toBe('\\x1b[2J\\x1b[32mProven');
    expect(terminalSafe('a\nb\rc\u0007')).toBe('a\\x0ab\\x0dc\\x07');
    expect(terminalSafe('evil\u202Etxt.exe \u009b')).toBe('evil\\u202etxt.exe \\x9b');
    expect(terminalSafe('Proposal #7 “Plain title” — ok')).toBe('Proposal #7 “Plain title” — ok');
  });
});
