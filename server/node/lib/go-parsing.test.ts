import { describe, expect, it } from 'vitest';

import { add, parseDec, sub, text } from '../../lib/apd-dec.ts';
import { gatewayBytes } from './go-base64.ts';
import { parseBool, parseInt64, parseUint64 } from './go-strconv.ts';

describe("Go's strconv with base 0", () => {
  it.each([
    ['10', 10n],
    ['0x10', 16n],
    ['010', 8n],
    ['0b11', 3n],
    ['0o17', 15n],
    ['1_000', 1000n],
    ['0', 0n],
    ['18446744073709551615', 18446744073709551615n],
  ])('ParseUint(%s) = %s', (s, v) => expect(parseUint64(s)).toBe(v));

  it.each([
    ['abc', 'invalid syntax'],
    ['-1', 'invalid syntax'],
    ['', 'invalid syntax'],
    ['1__0', 'invalid syntax'],
    ['_1', 'invalid syntax'],
    ['09', 'invalid syntax'],
    ['0x', 'invalid syntax'],
    ['18446744073709551616', 'value out of range'],
    [' 1', 'invalid syntax'],
  ])('ParseUint(%j) fails with %s', (s, why) =>
    expect(() => parseUint64(s)).toThrow(`strconv.ParseUint: parsing ${JSON.stringify(s)}: ${why}`),
  );

  it('ParseInt takes a sign and checks the int64 range', () => {
    expect(parseInt64('-0x10')).toBe(-16n);
    expect(parseInt64('9223372036854775807')).toBe(9223372036854775807n);
    expect(() => parseInt64('9223372036854775808')).toThrow('value out of range');
    expect(parseInt64('-9223372036854775808')).toBe(-9223372036854775808n);
  });

  it("ParseBool accepts exactly Go's spellings", () => {
    for (const t of ['1', 't', 'T', 'TRUE', 'true', 'True']) expect(parseBool(t)).toBe(true);
    for (const f of ['0', 'f', 'F', 'FALSE', 'false', 'False']) expect(parseBool(f)).toBe(false);
    expect(() => parseBool('yes')).toThrow('strconv.ParseBool: parsing "yes": invalid syntax');
  });
});

describe("the gateway's bytes parameter", () => {
  it('takes standard then URL-safe base64', () => {
    expect(Buffer.from(gatewayBytes('AAAAAAAAAAI=')).toString('hex')).toBe('0000000000000002');
    expect(Buffer.from(gatewayBytes('-_8=')).toString('hex')).toBe('fbff');
    expect(Buffer.from(gatewayBytes('+/8=')).toString('hex')).toBe('fbff');
  });
  it('reports the offending byte like Go', () => {
    expect(() => gatewayBytes('AAAAA')).toThrow('illegal base64 data at input byte 4');
    expect(() => gatewayBytes('AA')).toThrow('illegal base64 data at input byte 0');
    expect(() => gatewayBytes('A===')).toThrow('illegal base64 data at input byte 1');
    expect(() => gatewayBytes('AA=A')).toThrow('illegal base64 data at input byte 2');
    expect(() => gatewayBytes('AAAA AAAA')).toThrow('illegal base64 data at input byte 4');
  });
});

describe('apd-style decimals', () => {
  const d = (s: string) => parseDec(s)!;
  it('sums keep the largest scale and print plainly', () => {
    expect(text(add(d('1.50'), d('1')))).toBe('2.50');
    expect(text(d('1e2'))).toBe('100');
    expect(text(add(d('0.333333333333333333'), d('1.50')))).toBe('1.833333333333333333');
    expect(text(sub(d('2.50'), d('1.50')))).toBe('1.00');
    expect(text(add(d('0'), d('0.0')))).toBe('0.0');
  });
  it('rejects what is not a finite decimal', () => {
    for (const bad of ['', 'abc', '1.2.3', 'NaN', 'Infinity', '1e']) expect(parseDec(bad)).toBeNull();
  });
});
