import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '../../test/render.tsx';
import { getDenomUnits } from './bank.ts';

// x/bank's denom metadata as a chain with it answers (Regen's, trimmed): a unit shown per base
// denom where the metadata names one above the base; a metadata with none leaves base units.

afterEach(() => vi.unstubAllGlobals());

describe('getDenomUnits', () => {
  it('takes each base denom’s display unit and exponent, its symbol where it has one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          metadatas: [
            {
              description: 'REGEN',
              denom_units: [
                { denom: 'uregen', exponent: 0, aliases: [] },
                { denom: 'regen', exponent: 6, aliases: [] },
              ],
              base: 'uregen',
              display: 'regen',
              name: 'Regen',
              symbol: 'REGEN',
              uri: '',
              uri_hash: '',
            },
            {
              description: 'only a base unit',
              denom_units: [{ denom: 'ucredit', exponent: 0, aliases: [] }],
              base: 'ucredit',
              display: 'ucredit',
              name: '',
              symbol: '',
              uri: '',
              uri_hash: '',
            },
            {
              denom_units: [{ denom: 'huge', exponent: 90 }],
              base: 'utoo',
              display: 'huge',
            },
          ],
          pagination: { next_key: null, total: '3' },
        }),
      ),
    );
    expect(await getDenomUnits('')).toEqual(new Map([['uregen', { display: 'REGEN', exponent: 6 }]]));
  });
});
