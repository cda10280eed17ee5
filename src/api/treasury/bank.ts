import * as v from 'valibot';

import { getJson } from '../client.ts';
import { uint64 } from '../schemas.ts';

// x/bank's balances of an account, as any v0.50 node's REST answers them: a group policy's treasury.

const coin = v.object({ denom: v.string(), amount: uint64 });
export type Coin = v.InferOutput<typeof coin>;

const balances = v.object({ balances: v.array(coin) });

/** Every denom the account holds now (up to 1,000: an account of a chain with many IBC tokens). */
export const getBalances = (endpoint: string, address: string, options: { signal?: AbortSignal } = {}) =>
  getJson(endpoint, `/cosmos/bank/v1beta1/balances/${encodeURIComponent(address)}`, balances, {
    query: new URLSearchParams({ 'pagination.limit': '1000' }),
    signal: options.signal,
  }).then(({ data }) => data.balances);
