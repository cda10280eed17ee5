import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { parseDec } from '../../../lib/apd-dec.ts';
import type { DecisionPolicy } from '../records.ts';
import { decide } from './registry.ts';

// The same vectors the dashboard's decision-policy registry is tested against: both sides of
// the wall must reach the same decision for the same policy, tally and total weight.

interface Vector {
  name: string;
  policy: { '@type': string; threshold?: string; percentage?: string; windows: Record<string, string> };
  total_weight: string;
  tally: { yes_count: string; abstain_count: string; no_count: string; no_with_veto_count: string };
  expect: { allow: boolean; final: boolean };
}

const vectors = JSON.parse(
  readFileSync(new URL('../../../../test-vectors/decision-policy.json', import.meta.url), 'utf8'),
) as Vector[];

const seconds = (duration: string) => Number(duration.replace(/s$/, ''));

function policyOf(vector: Vector): DecisionPolicy {
  const windows = {
    votingPeriod: seconds(vector.policy.windows.voting_period),
    minExecutionPeriod: seconds(vector.policy.windows.min_execution_period),
  };
  if (vector.policy['@type'] === '/cosmos.group.v1.ThresholdDecisionPolicy') {
    return { kind: 'threshold', threshold: vector.policy.threshold!, windows };
  }
  return { kind: 'percentage', percentage: vector.policy.percentage!, windows };
}

describe('shared decision-policy vectors', () => {
  it('has vectors of both policy types', () => {
    const types = new Set(vectors.map((vector) => vector.policy['@type']));
    expect(types.size).toBe(2);
    expect(vectors.length).toBeGreaterThan(10);
  });

  for (const vector of vectors) {
    it(vector.name, () => {
      const tally = {
        yes: vector.tally.yes_count,
        abstain: vector.tally.abstain_count,
        no: vector.tally.no_count,
        veto: vector.tally.no_with_veto_count,
      };
      expect(decide(policyOf(vector), tally, parseDec(vector.total_weight)!)).toEqual(vector.expect);
    });
  }
});
