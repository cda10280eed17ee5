import { describe, expect, it } from 'vitest';

import { MAX_QUERY_BYTES, parseQuery, QueryError } from './event-query.ts';

const error = (query: string, maxBytes?: number) => {
  try {
    parseQuery(query, maxBytes);
  } catch (caught) {
    if (caught instanceof QueryError) return caught.message;
    throw caught;
  }
  return null;
};

describe("CometBFT's event query language", () => {
  it('parses conditions of every operator and argument kind', () => {
    expect(
      parseQuery(
        "active_proposal.proposal_result='proposal passed' AND block.height>=5 AND x.y<2.5 AND t.a EXISTS " +
          "AND m.n CONTAINS 'gov' AND d.e<=DATE 2026-11-01 AND f.g>TIME 2026-11-01T12:00:00Z AND h.i=0",
      ),
    ).toEqual([
      { tag: 'active_proposal.proposal_result', operator: '=', arg: { type: 'string', text: 'proposal passed' } },
      { tag: 'block.height', operator: '>=', arg: { type: 'number', text: '5' } },
      { tag: 'x.y', operator: '<', arg: { type: 'number', text: '2.5' } },
      { tag: 't.a', operator: 'EXISTS', arg: null },
      { tag: 'm.n', operator: 'CONTAINS', arg: { type: 'string', text: 'gov' } },
      { tag: 'd.e', operator: '<=', arg: { type: 'date', text: '2026-11-01' } },
      { tag: 'f.g', operator: '>', arg: { type: 'time', text: '2026-11-01T12:00:00Z' } },
      { tag: 'h.i', operator: '=', arg: { type: 'number', text: '0' } },
    ]);
  });

  it("refuses malformed queries in CometBFT's words, with byte offsets", () => {
    expect(error('')).toBe('offset 0: EOF');
    expect(error('   ')).toBe('offset 3: EOF');
    expect(error("a.b='open")).toBe('offset 4: EOF');
    expect(error('a.b EXISTS c.d EXISTS')).toBe('offset 11: got tag, want AND operator');
    expect(error('a.b = ')).toBe('offset 6: EOF');
    expect(error('a.b CONTAINS 5')).toBe('offset 13: got number, wanted string');
    expect(error('a.b < x')).toBe('offset 6: got tag, wanted number, timestamp or datestamp');
    expect(error('a/b EXISTS')).toBe('offset 1: invalid input / at offset 2');
    expect(error('é.x $ 1')).toBe('offset 5: invalid input $ at offset 6');
    expect(error('a.b > DATE 2026-13-01')).toMatch(/^offset 6: invalid DATE value: /);
    expect(error('a.b > TIME 1800-01-01T00:00:00Z')).toBe('offset 6: timestamp year 1800 out of range');
    // What follows the last condition is dropped when it ends the input early, as CometBFT does.
    expect(parseQuery("a.b EXISTS 'unclosed")).toEqual([{ tag: 'a.b', operator: 'EXISTS', arg: null }]);
    expect(error("a.b EXISTS AND c.d='unclosed")).toBe('offset 19: EOF');
  });

  it('refuses a query over CometBFT’s 512 bytes before reading it', () => {
    expect(error('a.b EXISTS'.padEnd(MAX_QUERY_BYTES, ' '))).toBeNull();
    expect(error('a.b EXISTS'.padEnd(MAX_QUERY_BYTES + 1, ' '))).toBe('maximum query length exceeded');
    expect(error(`a.b='${'é'.repeat(254)}'`)).toBe('maximum query length exceeded');
  });

  it('takes time in proportion to the length (a megabyte of spaces, or 100,000 conditions)', () => {
    // The regular expressions this replaced backtracked over runs of spaces: quadratic, hours here.
    const spaces = ' '.repeat(1_000_000);
    expect(error(`a${spaces}x`, Infinity)).toBe(
      'offset 1000001: got tag, wanted <= operator, >= operator, < operator, > operator, = operator, CONTAINS operator or EXISTS operator',
    );
    expect(error(`a.b${spaces}`, Infinity)).toBe('offset 1000003: EOF');
    expect(error(`a.b EXISTS${spaces}AND${spaces}`, Infinity)).toBe('offset 2000013: EOF');
    const many = Array.from({ length: 100_000 }, (_, i) => `e.k${i} EXISTS`).join(' AND ');
    expect(parseQuery(many, Infinity)).toHaveLength(100_000);
  }, 20_000);
});
