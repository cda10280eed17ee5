import { describe, expect, it } from 'vitest';

import { normalized, roundedTo, shownDecimal } from './format-number.ts';

describe('the one display rule for decimals', () => {
  it('drops trailing zeros, so the chain’s "105.0" and a recount’s "105" read the same', () => {
    expect(normalized('105.0')).toBe('105');
    expect(normalized('2.50')).toBe('2.5');
    expect(normalized('0.000')).toBe('0');
    expect(normalized('1e2')).toBe('100');
    expect(shownDecimal('1120.0').text).toBe('1,120');
    expect(shownDecimal('290').text).toBe('290');
  });
  it('rounds half away from zero on the digits, never through a float', () => {
    expect(roundedTo('3.35499999999999999978', 2)).toBe('3.35');
    expect(roundedTo('3.355', 2)).toBe('3.36');
    expect(roundedTo('9.995', 2)).toBe('10');
    expect(roundedTo('-1.005', 2)).toBe('-1.01');
    expect(roundedTo('123456789012345678901.125', 2)).toBe('123456789012345678901.13');
  });
  it('keeps the exact value and says when the shown one is rounded', () => {
    expect(shownDecimal('5.083333333333333333')).toEqual({
      text: '≈ 5.08',
      exact: '5.083333333333333333',
      approximate: true,
    });
    expect(shownDecimal('1234.5')).toEqual({ text: '1,234.5', exact: '1,234.5', approximate: false });
    expect(shownDecimal('0.000000000000000001').text).toBe('< 0.01');
  });
});
