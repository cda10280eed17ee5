import { queryOptions } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import * as v from 'valibot';

import type { TrustingPeriodFrom } from '../../../verify/trust/trusting-period.ts';
import { getJson } from '../../api/client.ts';

// The browser follows the verifiers' one rule (verify/trust/trusting-period.ts): a period the
// reader set in this browser; else two thirds of the chain's unbonding time, read from the node
// the page reads (never from the bundle being checked); else CometBFT's default of 14 days.

export const DEFAULT_TRUSTING_PERIOD_SECONDS = 14 * 24 * 3600;
const SETTING_KEY = 'polity.trusting-period.v1';

export interface TrustingPeriod {
  seconds: number;
  from: TrustingPeriodFrom;
}

const stakingParams = v.object({
  params: v.object({ unbonding_time: v.pipe(v.string(), v.regex(/^\d{1,12}(?:\.\d+)?s$/)) }),
});

/** The chain's period (from its node), or the default. */
export const chainTrustingPeriodQuery = (endpoint: string) =>
  queryOptions({
    queryKey: ['api', endpoint, 'trusting-period'],
    queryFn: ({ signal }): Promise<TrustingPeriod> =>
      getJson(endpoint, '/cosmos/staking/v1beta1/params', stakingParams, { signal, timeoutMs: 5000 }).then(
        (answer) => {
          const unbonding = Number.parseInt(answer.data.params.unbonding_time, 10);
          return unbonding > 0
            ? { seconds: Math.floor((unbonding * 2) / 3), from: 'chain' as const }
            : { seconds: DEFAULT_TRUSTING_PERIOD_SECONDS, from: 'default' as const };
        },
        () => ({ seconds: DEFAULT_TRUSTING_PERIOD_SECONDS, from: 'default' as const }),
      ),
    staleTime: Infinity,
    retry: false,
  });

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

/** The periods readers set, in days, by endpoint; anything unreadable counts as none set. */
function readSettings(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(SETTING_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0 && entry[1] <= 3650,
      ),
    );
  } catch {
    return {};
  }
}

const listeners = new Set<() => void>();

/** Sets (days) or clears (null) the reader's own period for an endpoint. */
export function setTrustingPeriodDays(endpoint: string, days: number | null): void {
  const others = Object.entries(readSettings()).filter(([key]) => key !== endpoint);
  const settings = Object.fromEntries(days === null ? others : [...others, [endpoint, days]]);
  try {
    storage()?.setItem(SETTING_KEY, JSON.stringify(settings));
  } catch {
    // A browser that keeps nothing: the setting lasts as long as the page.
  }
  listeners.forEach((listener) => listener());
}

/** The days this reader set for the endpoint, or null. */
/** The period this reader set for the endpoint, in days; null for none. */
export const readerTrustingPeriodDays = (endpoint: string): number | null => readSettings()[endpoint] ?? null;

export function useTrustingPeriodDays(endpoint: string): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => readerTrustingPeriodDays(endpoint),
    () => null,
  );
}

/** The period to check with: the reader's, else the chain's, else the default. */
export const trustingPeriodOf = (chain: TrustingPeriod, readerDays: number | null): TrustingPeriod =>
  readerDays === null ? chain : { seconds: Math.round(readerDays * 86_400), from: 'given' };
