import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { xmlText } from './api/feeds/xml-text.ts';
import { directionControlName } from './text-direction.ts';
import { chatSafe } from './webhooks/chat-text.ts';

// The same file drives the dashboard's tests: a feed marks each control as the dashboard shows it.
const vectors = JSON.parse(
  readFileSync(new URL('../../test-vectors/text-direction-controls.json', import.meta.url), 'utf8'),
) as { controls: { code_point: string; name: string }[]; not_controls: { code_point: string; why: string }[] };

const charOf = (codePoint: string) => String.fromCodePoint(Number.parseInt(codePoint.slice(2), 16));

describe.each(vectors.controls)('the text-direction control $code_point', ({ code_point, name }) => {
  const char = charOf(code_point);

  it(`is named ${name}`, () => {
    expect(directionControlName(char)).toBe(name);
  });

  it('is shown in a feed by its name instead of being applied', () => {
    expect(xmlText(`refund ${char}gpj.exe now`)).toBe(`refund ⟨${name}⟩gpj.exe now`);
  });

  it('is dropped from a chat line', () => {
    expect(chatSafe(`refund ${char}gpj.exe now`)).toBe('refund gpj.exe now');
  });
});

describe.each(vectors.not_controls)('$code_point ($why)', ({ code_point }) => {
  it('is no text-direction control, and a feed leaves it as it is', () => {
    const char = charOf(code_point);
    expect(directionControlName(char)).toBeUndefined();
    expect(xmlText(`a${char}b`)).toBe(`a${char}b`);
  });
});
