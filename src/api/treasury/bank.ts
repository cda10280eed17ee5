import * as v from 'valibot';

import { getJson } from '../client.ts';
import { uint64 } from '../schemas.ts';

// x/bank's balances of an account, as any v0.50 node's REST answers them: a group policy's treasury.

const coin = v.object({ denom: v.string(), amount: uint64 });
export type Coin = v.InferOutput<typeof coin>;

const balances = v.object({ balances: v.array(coin) });

/**
 * Every denom the account holds now, or in the state after block `height` (up to 1,000: an account
 * of a chain with many IBC tokens).
 */
export const getBalances = (
  endpoint: string,
  address: string,
  options: { signal?: AbortSignal; height?: string } = {},
) =>
  getJson(endpoint, `/cosmos/bank/v1beta1/balances/${encodeURIComponent(address)}`, balances, {
    query: new URLSearchParams({ 'pagination.limit': '1000' }),
    signal: options.signal,
    height: options.height,
  }).then(({ data }) => data.balances);

const metadata = v.object({
  base: v.string(),
  display: v.optional(v.string(), ''),
  symbol: v.optional(v.string(), ''),
  denom_units: v.optional(v.array(v.object({ denom: v.string(), exponent: v.optional(v.number(), 0) })), []),
});
const metadatas = v.object({ metadatas: v.array(metadata) });

/** How a base denom is shown: its display unit (or symbol) and the power of ten between them. */
export interface DenomUnit {
  display: string;
  exponent: number;
}

/**
 * Every denom the chain's x/bank describes (`denoms_metadata`), by base denom: its display unit
 * and exponent, where the metadata names one above the base. A chain without metadata (a fresh
 * simd) answers none, and its amounts stay in base units.
 */
export const getDenomUnits = (endpoint: string, options: { signal?: AbortSignal } = {}) =>
  getJson(endpoint, '/cosmos/bank/v1beta1/denoms_metadata', metadatas, {
    query: new URLSearchParams({ 'pagination.limit': '1000' }),
    signal: options.signal,
  }).then(({ data }) => {
    const units = new Map<string, DenomUnit>();
    for (const entry of data.metadatas) {
      const shown = entry.denom_units.find((unit) => unit.denom === entry.display);
      const exponent = shown?.exponent ?? 0;
      // An exponent beyond 36 is no unit a person counts in; the base amount is shown instead.
      if (exponent <= 0 || exponent > 36 || !Number.isInteger(exponent)) continue;
      units.set(entry.base, { display: entry.symbol || entry.display, exponent });
    }
    return units;
  });
