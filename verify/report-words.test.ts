import { describe, expect, it } from 'vitest';

import { verifyBundle, type BundleReport, type FactVerdict } from './bundle-verify.ts';
import { countFacts, headlineOf } from './report-words.ts';

// The headline counts what is proven in plain English: "2 group policies", never "policys".

const fact = (kind: string): FactVerdict => ({
  kind: 'store',
  height: '10',
  claim: { kind },
  proven: { kind },
  ok: true,
  how: 'ICS23',
});

describe('counting facts', () => {
  it('says each kind of record in its plural', () => {
    expect(countFacts([fact('policy'), fact('policy'), fact('member'), fact('member'), fact('member')])).toBe(
      '2 group policies and 3 memberships',
    );
    expect(countFacts([fact('policy'), fact('vote')])).toBe('1 group policy and 1 vote');
    expect(countFacts([fact('vote'), fact('vote'), fact('upgrade-applied')])).toBe('2 votes and 1 applied upgrade');
  });
});

describe('a bundle of nothing proven', () => {
  const report = (unproven: number) =>
    ({
      ...verifyBundle({}),
      problem: null,
      steps: [{ height: '1', how: 'trust root', ok: true, detail: '' }],
      facts: [],
      unproven: Array.from({ length: unproven }, () => ({ what: 'a vote', reason: 'not proven yet' })),
    }) as BundleReport;

  it('says the archive holds its records without proof, and why, rather than "no proofs"', () => {
    expect(headlineOf(report(3), 'in your browser')).toBe(
      'Nothing proven in your browser: the archive holds 3 records of it without proof, and says why for each (it proves a record a few blocks after it reads it; one the node no longer serves stays unproven).',
    );
    expect(headlineOf(report(0))).toBe('Nothing proven: the bundle holds no proofs.');
  });
});
