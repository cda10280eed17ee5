import { describe, expect, it } from 'vitest';

import { clip, xmlAttribute, xmlText } from './xml-text.ts';

describe('on-chain text in a feed', () => {
  it('is cut at its limit, never between the two halves of a character beyond U+FFFF', () => {
    expect(clip('abcdef', 6)).toBe('abcdef');
    expect(clip('abcdef', 4)).toBe('abcd…');
    // 😀 is two UTF-16 units: cut after its first, the title would end in half a character.
    expect(clip('abc😀def', 4)).toBe('abc…');
    expect(clip('abc😀def', 5)).toBe('abc😀…');
    expect(xmlText(clip('abc😀def', 4))).not.toContain('\uFFFD');
  });

  it('escapes markup, shows forbidden controls as pictures and unpaired halves as U+FFFD', () => {
    expect(xmlText('<b>&"\'</b>')).toBe('&lt;b&gt;&amp;&quot;&apos;&lt;/b&gt;');
    expect(xmlText('a\u0001b\u007f')).toBe('a\u2401b\u2421');
    expect(xmlText('a\uD83Db\uDE00\uFFFE')).toBe('a\uFFFDb\uFFFD\uFFFD');
    expect(xmlText('tab\tline\n')).toBe('tab\tline\n');
    expect(xmlAttribute('tab\tline\n')).toBe('tab&#9;line&#10;');
  });
});
