import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { verifyBundle } from './bundle-verify.ts';
import { nanosOf, timestampOf } from './trust/header.ts';

// Every vector of test-vectors/completeness-vectors.json (scripts/write-completeness-vectors.ts):
// genuine bundles of the embedded chain accepted, and each forgery an adversary with an archive and
// no keys can make refused, naming the rule of docs/bundle-format.md that refuses it. The Go
// checker runs the same file (checker/checker.test.ts) and must agree.

interface Vector {
  name: string;
  rule: string;
  expect: 'accept' | 'refuse';
  not_shown_complete?: boolean;
  bundle: unknown;
}
const file = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../test-vectors/completeness-vectors.json'), 'utf8'),
) as { at: string; trusting_period_seconds: string; vectors: Vector[] };
const options = {
  atNanos: nanosOf(timestampOf(file.at)!),
  trustingPeriodSeconds: BigInt(file.trusting_period_seconds),
};

describe('completeness vectors: genuine bundles and their forgeries', () => {
  it('holds a forgery for every store, group, walk and claim rule', () => {
    const rules = file.vectors.map((vector) => vector.rule).join(' ');
    for (const rule of ['W1', 'W2', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9', 'C10', 'R1', 'R3', 'T4', 'F2'])
      expect(rules).toContain(rule);
  });

  for (const vector of file.vectors) {
    it(`${vector.expect === 'accept' ? 'accepts' : 'refuses'} ${vector.name} (${vector.rule})`, () => {
      const report = verifyBundle(structuredClone(vector.bundle), options);
      const said = JSON.stringify([report.problem, report.facts.map((fact) => fact.how), report.completeness]);
      if (vector.expect === 'accept') {
        expect(report.ok, said).toBe(true);
        expect(report.verdict).toMatch(/^own-root/);
        const notShown = report.completeness.some((line) => line.state === 'not-shown');
        expect(notShown).toBe(vector.not_shown_complete === true);
      } else {
        expect(report.ok).toBe(false);
        expect(report.verdict).toBe('refused');
        // The refusal names the rule; a walk held to another header is refused by F2's own words.
        if (vector.rule === 'F2') expect(said).toMatch(/is not proven|is not in the app hash/);
        else expect(said).toContain(vector.rule);
      }
    });
  }
});
