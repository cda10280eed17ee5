import { describe, expect, it } from 'vitest';

import { clip, xmlAttribute, xmlText } from './xml-text.ts';

describe('on-chain text in a feed', () => {
  // 😀 is two UTF-16 units: cut after its first, a title would end in half a character.
  it.each([
    ['abcdef', 6, 'abcdef'],
    ['abcdef', 4, 'abcd…'],
    ['abc😀def', 4, 'abc…'],
    ['abc😀def', 5, 'abc😀…'],
  ])('%s cut at %i is %s, never between the halves of a character', (text, max, cut) => {
    expect(clip(text, max)).toBe(cut);
    expect(xmlText(cut)).not.toContain('\uFFFD');
  });

  it.each([
    ['markup', '<b>&"\'</b>', '&lt;b&gt;&amp;&quot;&apos;&lt;/b&gt;'],
    ['controls XML forbids, as pictures', 'a\u0001b\u007f', 'a\u2401b\u2421'],
    ['unpaired halves and non-characters, as U+FFFD', 'a\uD83Db\uDE00\uFFFE', 'a\uFFFDb\uFFFD\uFFFD'],
    ['tabs and line breaks, kept', 'tab\tline\n', 'tab\tline\n'],
  ])('escapes %s', (_, text, xml) => {
    expect(xmlText(text)).toBe(xml);
  });

  it('keeps tabs and line breaks in an attribute as references, which a parser would make spaces', () => {
    expect(xmlAttribute('tab\tline\n')).toBe('tab&#9;line&#10;');
  });
});
