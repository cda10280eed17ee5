import { describe, expect, it } from 'vitest';

import { verifyBundle } from './bundle-verify.ts';
import { linkedBundle, linkedHash } from './testing/linked-bundle.ts';
import { SAMPLE_CLOCK } from './testing/sample-bundles.ts';

// An auditor's root may be any header the bundle signs, when the bundle carries the hash links
// from it down to its lowest header; otherwise the check says which heights can be, at once.

const trustAt = (bundle: ReturnType<typeof linkedBundle>, height: string) => ({
  ...SAMPLE_CLOCK,
  trust: { height, hash: linkedHash(bundle, height) },
});

describe('a root of the auditor’s own, above the bundle’s', () => {
  it('proves earlier headers by hash links from the top signed header down', () => {
    const bundle = linkedBundle();
    const report = verifyBundle(bundle, trustAt(bundle, '6'));
    expect(report.problem).toBeNull();
    expect(report.verdict).toBe('proven');
    expect(report.steps.map((step) => `${step.height} ${step.how}`)).toEqual([
      '6 trust root',
      '5 hash link',
      '4 hash link',
      '3 hash link',
      '2 hash link',
      '1 hash link',
    ]);
    expect(report.facts.map((fact) => fact.ok)).toEqual([true]);
  });

  it('verifies later headers by signatures and earlier ones by links from a middle header', () => {
    const bundle = linkedBundle();
    const report = verifyBundle(bundle, trustAt(bundle, '4'));
    expect(report.verdict).toBe('proven');
    expect(report.steps.map((step) => `${step.height} ${step.how}`)).toEqual([
      '4 trust root',
      '6 skipping',
      '5 hash link',
      '3 hash link',
      '2 hash link',
      '1 hash link',
    ]);
  });

  it('names the heights that can be a root when the links stop short, and how to get them', () => {
    const bundle = linkedBundle({ links: false });
    const report = verifyBundle(bundle, trustAt(bundle, '6'));
    expect(report.verdict).toBe('refused');
    expect(report.code).toBe('not-proven');
    expect(report.problem).toBe(
      'header 6 can be your root only with every header from it down to header 3, which a record rests on, ' +
        "linked by hash; this bundle's run of headers stops at 6 (the archive gives the links with links_from=6): " +
        'heights that can be your root in this bundle: 1 and 4 (--trust HEIGHT:HASH, with the hash your own source ' +
        'gives for that height)',
    );
    expect(report.rootChoices).toEqual([
      { height: '1', hash: linkedHash(bundle, '1') },
      { height: '4', hash: linkedHash(bundle, '4') },
    ]);
    expect(verifyBundle(bundle, trustAt(bundle, '1')).verdict).toBe('proven');
  });

  it('lists every signed header as a choice once the links are there', () => {
    const bundle = linkedBundle();
    expect(verifyBundle(bundle, SAMPLE_CLOCK).rootChoices.map((choice) => choice.height)).toEqual(['1', '4', '6']);
  });

  it('refuses a link that is not the header the one above it names', () => {
    const bundle = linkedBundle();
    bundle.linked_headers[0] = { ...bundle.linked_headers[0], app_hash: 'AB'.repeat(32) };
    const report = verifyBundle(bundle, trustAt(bundle, '6'));
    expect(report.verdict).toBe('refused');
    expect(report.code).toBe('header-hash-mismatch');
    expect(report.problem).toMatch(/^header 3 links to [0-9A-F]{64}, not to this header/);
  });
});
