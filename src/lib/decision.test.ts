import { describe, expect, it } from 'vitest';

import { percentOf, sum } from './decimal.ts';
import { evaluate, readPolicy, type PolicyKind } from './decision.ts';
import { grouped, plain } from './format-number.ts';

const tally = (yes: string, no = '0', abstain = '0', veto = '0') => ({
  yes_count: yes,
  no_count: no,
  abstain_count: abstain,
  no_with_veto_count: veto,
});
const thr = (t: string): PolicyKind => ({ kind: 'threshold', threshold: t, votingPeriodS: 86400, minExecutionS: 0 });
const pct = (p: string): PolicyKind => ({ kind: 'percentage', percentage: p, votingPeriodS: 86400, minExecutionS: 0 });

describe('decimal maths never goes through floats', () => {
  it('adds 18-decimal weights exactly', () => {
    expect(sum(['0.333333333333333333', '1.50', '2.25', '1']).toFixed()).toBe('5.083333333333333333');
    expect(sum(['0.1', '0.2']).toFixed()).toBe('0.3');
    expect(sum(['123456789.123456789012345678', '0.000000000000000001', '1e2']).toFixed()).toBe(
      '123456889.123456789012345679',
    );
  });
  it('shares of total, truncated not rounded up', () => {
    expect(percentOf('1', '3')).toBe('33.33');
    expect(percentOf('2', '3')).toBe('66.66');
    expect(percentOf('1', '0')).toBeNull();
  });
  it('formats for reading without changing digits', () => {
    expect(grouped('1234567.891234567890123456')).toBe('1,234,567.891234567890123456');
    expect(plain('1e2')).toBe('100');
    expect(plain('1.5E-3')).toBe('0.0015');
    expect(plain('12.5e1')).toBe('125');
    expect(grouped('2.50')).toBe('2.50');
  });
});

describe('decision policy evaluation', () => {
  it('threshold: line, what is still needed, and when it is decided', () => {
    expect(evaluate(thr('3'), tally('1', '1'), '6')).toMatchObject({ outcome: 'open', final: false });
    expect(evaluate(thr('3'), tally('1', '1'), '6')?.needed.toFixed()).toBe('2');
    expect(evaluate(thr('3'), tally('3'), '6')).toMatchObject({ outcome: 'passing', final: true });
    expect(evaluate(thr('3'), tally('1', '4'), '6')).toMatchObject({ outcome: 'failing', final: true });
  });
  it('a threshold above the total weight is capped at the total', () => {
    const e = evaluate(thr('10'), tally('2.5'), '3.5')!;
    expect(e.line.toFixed()).toBe('3.5');
    expect(e.needed.toFixed()).toBe('1');
    expect(evaluate(thr('10'), tally('3.5'), '3.5')?.outcome).toBe('passing');
  });
  it('percentage compares yes against percentage × total exactly', () => {
    expect(evaluate(pct('0.66'), tally('3.354999999999999999'), '5.083333333333333333')?.outcome).toBe('open');
    expect(evaluate(pct('0.66'), tally('3.355'), '5.083333333333333333')?.outcome).toBe('passing');
    expect(evaluate(pct('0.5'), tally('0'), '0')).toMatchObject({ outcome: 'failing', final: true });
  });
  it('reads policies from the wire and refuses to guess unknown ones', () => {
    expect(
      readPolicy({
        '@type': '/cosmos.group.v1.ThresholdDecisionPolicy',
        threshold: '3',
        windows: { voting_period: '86400s', min_execution_period: '0s' },
      }),
    ).toEqual(thr('3'));
    expect(readPolicy({ '@type': '/x.Custom' })).toEqual({ kind: 'unknown', type: '/x.Custom' });
    expect(evaluate({ kind: 'unknown', type: '/x' }, tally('1'), '1')).toBeNull();
  });
});
