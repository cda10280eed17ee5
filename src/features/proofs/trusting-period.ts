import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';

import { getJson } from '../../api/client.ts';

// The browser's trusting period is the chain's own — two thirds of its staking unbonding time, as
// CometBFT advises — read from the node the page reads, never from the bundle being checked.
// A node that does not say (no x/staking, or an error) leaves CometBFT's default of 14 days,
// and the panel says which it used.

export const DEFAULT_TRUSTING_PERIOD_SECONDS = 14 * 24 * 3600;

export interface TrustingPeriod {
  seconds: number;
  from: 'unbonding time' | 'default';
}

const stakingParams = v.object({
  params: v.object({ unbonding_time: v.pipe(v.string(), v.regex(/^\d{1,12}(?:\.\d+)?s$/)) }),
});

export const trustingPeriodQuery = (endpoint: string) =>
  queryOptions({
    queryKey: ['api', endpoint, 'trusting-period'],
    queryFn: ({ signal }): Promise<TrustingPeriod> =>
      getJson(endpoint, '/cosmos/staking/v1beta1/params', stakingParams, { signal, timeoutMs: 5000 }).then(
        (answer) => {
          const unbonding = Number.parseInt(answer.data.params.unbonding_time, 10);
          return unbonding > 0
            ? { seconds: Math.floor((unbonding * 2) / 3), from: 'unbonding time' as const }
            : { seconds: DEFAULT_TRUSTING_PERIOD_SECONDS, from: 'default' as const };
        },
        () => ({ seconds: DEFAULT_TRUSTING_PERIOD_SECONDS, from: 'default' as const }),
      ),
    staleTime: Infinity,
    retry: false,
  });
