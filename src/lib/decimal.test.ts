import { describe, expect, it } from 'vitest';

import { dec, percentOf } from './decimal.ts';
import { grouped, plain } from './format-number.ts';

const total = (values: string[]) => values.reduce((acc, value) => acc.plus(value), dec(0)).toFixed();

describe('decimal maths never goes through floats', () => {
  it('adds 18-decimal weights exactly', () => {
    expect(total(['0.333333333333333333', '1.50', '2.25', '1'])).toBe('5.083333333333333333');
    expect(total(['0.1', '0.2'])).toBe('0.3');
    expect(total(['123456789.123456789012345678', '0.000000000000000001', '1e2'])).toBe('123456889.123456789012345679');
  });
  it('shares of total, rounded (not truncated) so they add up', () => {
    expect(percentOf('1', '3')).toBe('33.33');
    expect(percentOf('2', '3')).toBe('66.67');
    expect(percentOf('1', '6')).toBe('16.67');
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
