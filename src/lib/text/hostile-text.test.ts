import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import vectorsText from '../../../test-vectors/text-direction-controls.json?raw';
import { safeLink } from '../chain/safe-url.ts';
import { hasControls, labelText, markControls, shorten, splitControls } from './hostile-text.ts';

// Every text-direction control the module defuses, with the name shown in its place: the same
// file drives the archive's tests (its feeds show the same markers).
const vectors = v.parse(
  v.object({
    controls: v.array(v.object({ code_point: v.string(), name: v.string() })),
    not_controls: v.array(v.object({ code_point: v.string(), why: v.string() })),
  }),
  JSON.parse(vectorsText),
);
const pointOf = (codePoint: string) => Number.parseInt(codePoint.slice(2), 16);
const CONTROLS: [number, string][] = vectors.controls.map(({ code_point, name }) => [pointOf(code_point), name]);

const code = (point: number) => `U+${point.toString(16).toUpperCase().padStart(4, '0')}`;

describe.each(CONTROLS)('the text-direction control %s', (point, name) => {
  const char = String.fromCodePoint(point);
  const title = `refund ${char}gpj.exe now`;

  it('is detected', () => {
    expect(hasControls(title)).toBe(true);
    expect(hasControls(char)).toBe(true);
  });

  it('is shown by name instead of being applied, in a one-line label', () => {
    expect(markControls(title)).toBe(`refund ⟨${name}⟩gpj.exe now`);
    expect(labelText(title)).toBe(`refund ⟨${name}⟩gpj.exe now`);
    expect(labelText(title)).not.toContain(char);
  });

  it('becomes a visible marker, with its code, between the plain runs', () => {
    expect(splitControls(title)).toEqual(['refund ', { name, code: code(point) }, 'gpj.exe now']);
  });

  it('stops a URL from becoming a link', () => {
    expect(safeLink(`https://example.com/${char}fdp.exe`)).toBeNull();
    expect(safeLink(`ipfs://${char}bafybeigdyrzt`)).toBeNull();
  });
});

describe.each(vectors.not_controls)('$code_point ($why)', ({ code_point }) => {
  it('is left as it is', () => {
    const char = String.fromCodePoint(pointOf(code_point));
    expect(hasControls(`a${char}b`)).toBe(false);
    expect(markControls(`a${char}b`)).toBe(`a${char}b`);
  });
});

describe('hostile text', () => {
  it('leaves ordinary text alone, right-to-left scripts included', () => {
    for (const text of ['Community pool', 'صندوق المجتمع', 'קרן הקהילה', 'zero\u200Bwidth', '']) {
      expect(hasControls(text)).toBe(false);
      expect(markControls(text)).toBe(text);
      expect(splitControls(text)).toEqual(text ? [text] : []);
    }
  });

  it('marks every control in a run of them, each by its own name', () => {
    const all = CONTROLS.map(([point]) => String.fromCodePoint(point)).join('');
    expect(markControls(`a${all}b`)).toBe(`a${CONTROLS.map(([, name]) => `⟨${name}⟩`).join('')}b`);
    expect(splitControls(all)).toEqual(CONTROLS.map(([point, name]) => ({ name, code: code(point) })));
  });

  it('shortens at the limit without splitting a character made of two code units', () => {
    expect(shorten('abcdef', 6)).toEqual({ text: 'abcdef', cut: false });
    expect(shorten('abcdef', 4)).toEqual({ text: 'abcd', cut: true });
    expect(shorten(`abc😀def`, 4)).toEqual({ text: 'abc', cut: true });
    expect(labelText(`${'x'.repeat(10)}\u202E`, 10)).toBe(`${'x'.repeat(10)}…`);
    expect(labelText(undefined)).toBe('');
  });

  it('lets ordinary https and ipfs URLs through as links, and nothing else', () => {
    expect(safeLink(' https://example.com/proposal ')).toBe('https://example.com/proposal');
    expect(safeLink('ipfs://bafybeigdyrzt')).toBe('ipfs://bafybeigdyrzt');
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('https://example.com/a b')).toBeNull();
  });
});
