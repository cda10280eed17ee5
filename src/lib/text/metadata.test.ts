import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import vectorsText from '../../../test-vectors/metadata-names.json?raw';
import { readMetadata } from './metadata-reading.ts';
import { linkedNameWords, metadataName } from './metadata.ts';

// The same file drives the archive's tests: it stores each group's and policy's name to search by.
const vectors = v.parse(
  v.object({ names: v.array(v.object({ metadata: v.string(), name: v.string(), why: v.string() })) }),
  JSON.parse(vectorsText),
);

describe.each(vectors.names)('the name in $metadata', ({ metadata, name, why }) => {
  it(`is ${JSON.stringify(name)}: ${why}`, () => {
    expect(metadataName(metadata, '', 1000)).toBe(name);
    expect(metadataName(metadata, 'fallback', 1000)).toBe(name || 'fallback');
  });
});

describe('names from metadata', () => {
  it('reads a JSON name, then a title, and a short line of plain text', () => {
    expect(metadataName('{"name":"Core contributors","description":"x"}', '')).toBe('Core contributors');
    expect(metadataName('{"title":"Raise the cap","summary":"…"}', '')).toBe('Raise the cap');
    expect(metadataName('core team', 'Group 1')).toBe('core team');
    expect(metadataName('  treasury  ', '')).toBe('treasury');
  });

  it('gives no name for links, paragraphs, empty names or other JSON', () => {
    expect(metadataName('ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi', 'fallback')).toBe(
      'fallback',
    );
    expect(metadataName('first line\nsecond line', 'fallback')).toBe('fallback');
    expect(metadataName('x'.repeat(101), 'fallback')).toBe('fallback');
    expect(metadataName('{"name":"  "}', 'fallback')).toBe('fallback');
    expect(metadataName('[1,2]', 'fallback')).toBe('fallback');
    expect(metadataName('', 'fallback')).toBe('fallback');
  });

  it('marks bidi controls in a name', () => {
    expect(metadataName('{"name":"safe\\u202Eevil"}', '')).toBe('safe⟨RLO⟩evil');
  });

  it('keeps the fields a page does not show elsewhere', () => {
    expect(readMetadata('{"title":"T","summary":"S","forum":"https://forum.example/1","authors":["a"]}')).toEqual({
      kind: 'json',
      name: 'T',
      description: 'S',
      rest: [
        ['forum', 'https://forum.example/1'],
        ['authors', ['a']],
      ],
    });
    expect(readMetadata('ipfs://bafy')).toEqual({ kind: 'link', href: 'ipfs://bafy' });
  });
});

describe('a name kept in a linked document', () => {
  it('is said to be there rather than left as a bare id', () => {
    expect(linkedNameWords('ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi')).toBe(
      '(named in an IPFS document)',
    );
    expect(linkedNameWords('https://example.org/group.json')).toBe('(named in a linked document)');
    expect(linkedNameWords('core team')).toBe('');
    expect(linkedNameWords('javascript:alert(1)')).toBe('');
  });
});
