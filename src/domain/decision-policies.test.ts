import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import vectorsText from '../../test-vectors/decision-policy.json?raw';
import { knownDecisionPolicy, tallyResult } from '../api/schemas.ts';
import { phraseText } from '../lib/text/phrase.ts';
import { describePolicy, evaluatePolicy, readPolicy, type KnownPolicy, type ReadPolicy } from './decision-policies.ts';

// The same file drives the service's tests, so the dashboard and the chain agree on x/group's Allow.
const vectors = v.parse(
  v.array(
    v.object({
      name: v.string(),
      policy: knownDecisionPolicy,
      total_weight: v.string(),
      tally: tallyResult,
      expect: v.object({ allow: v.boolean(), final: v.boolean() }),
    }),
  ),
  JSON.parse(vectorsText),
);

const windows = { voting_period: '86400s', min_execution_period: '0s' };
function known(policy: ReadPolicy): KnownPolicy {
  if (!policy.known) throw new Error(`${policy.type} was not read as a known policy`);
  return policy;
}
const threshold = (value: string) =>
  known(readPolicy({ '@type': '/cosmos.group.v1.ThresholdDecisionPolicy', threshold: value, windows }));
const percentage = (value: string) =>
  known(readPolicy({ '@type': '/cosmos.group.v1.PercentageDecisionPolicy', percentage: value, windows }));
const tally = (yes: string, no = '0') => ({
  yes_count: yes,
  no_count: no,
  abstain_count: '0',
  no_with_veto_count: '0',
});

describe('decision policies agree with the shared test vectors', () => {
  it('has enough cases to mean something', () => expect(vectors.length).toBeGreaterThanOrEqual(20));
  it.each(vectors)('$name', ({ policy, total_weight, tally, expect: expected }) => {
    const evaluation = evaluatePolicy(readPolicy(policy), tally, total_weight);
    expect(evaluation).not.toBeNull();
    expect({ allow: evaluation?.outcome === 'passing', final: evaluation?.settledByVotes }).toEqual(expected);
  });
});

describe('decision policy evaluation', () => {
  it('threshold: the line and what yes still needs', () => {
    expect(evaluatePolicy(threshold('3'), tally('1', '1'), '6')?.needed.toFixed()).toBe('2');
    const capped = evaluatePolicy(threshold('10'), tally('2.5'), '3.5')!;
    expect(capped.line.toFixed()).toBe('3.5');
    expect(capped.needed.toFixed()).toBe('1');
    expect(capped.undecided.toFixed()).toBe('1');
  });
  it('percentage: the line is percentage × total, exactly', () => {
    expect(evaluatePolicy(percentage('0.66'), tally('0'), '5.083333333333333333')?.line.toFixed()).toBe(
      '3.35499999999999999978',
    );
  });
  it('reads policies from the wire and refuses to guess unknown ones', () => {
    expect(threshold('3')).toMatchObject({
      known: true,
      name: 'Threshold',
      votingPeriodSeconds: 86400,
      minExecutionSeconds: 0,
    });
    expect(readPolicy({ '@type': '/x.Custom' })).toEqual({ known: false, type: '/x.Custom' });
    // A known @type with a shape that does not match is not interpreted either.
    expect(readPolicy({ '@type': '/cosmos.group.v1.ThresholdDecisionPolicy', threshold: 3 })).toMatchObject({
      known: false,
    });
    expect(evaluatePolicy({ known: false, type: '/x' }, tally('1'), '1')).toBeNull();
  });
  it('describes each type in words', () => {
    expect(phraseText(describePolicy(threshold('3'), '6'))).toBe(
      'Passes with 3 yes weight — 50% of the total weight 6',
    );
    expect(phraseText(describePolicy(percentage('0.5'), '6'))).toBe(
      'Passes when yes is at least 50% of the total weight (at the current total: 3 of 6)',
    );
    // Readable numbers; the exact ones stay in the phrase for the page to show on demand.
    const grants = describePolicy(percentage('0.66'), '5.083333333333333333');
    expect(phraseText(grants)).toBe(
      'Passes when yes is at least 66% of the total weight (at the current total: ≈ 3.35 of ≈ 5.08)',
    );
    expect(grants).toContainEqual({ decimal: '3.35499999999999999978' });
  });
});
