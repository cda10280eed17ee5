import { DEFAULT_TRUSTING_PERIOD_SECONDS, trustingPeriodOfUnbonding } from './light-block.ts';

// One trusting-period rule for the browser, the command and the archive: two thirds of the chain's
// unbonding time (CometBFT's advice) when a source the reader trusts says it — the node the page
// reads, the genesis file the auditor gave — or the period the reader set; else CometBFT's default
// of 14 days, said as such. Never the period a bundle suggests.

export type TrustingPeriodFrom = 'given' | 'chain' | 'genesis' | 'default';

export interface TrustingPeriod {
  seconds: bigint;
  from: TrustingPeriodFrom;
}

/** The period from an unbonding time a trusted source gave, or the default. */
export function trustingPeriodOf(unbondingSeconds: bigint | null, from: 'chain' | 'genesis'): TrustingPeriod {
  return unbondingSeconds !== null && unbondingSeconds > 0n
    ? { seconds: trustingPeriodOfUnbonding(unbondingSeconds), from }
    : { seconds: DEFAULT_TRUSTING_PERIOD_SECONDS, from: 'default' };
}

/** "600s" or "1814400.5s" (a Duration as JSON) as whole seconds; null when it is not one. */
export function durationJsonSeconds(text: unknown): bigint | null {
  const match = typeof text === 'string' ? /^(\d{1,15})(?:\.\d+)?s$/.exec(text) : null;
  return match ? BigInt(match[1]!) : null;
}

/** Why this period, in the words every verifier uses. */
export const PERIOD_SOURCE_WORDS: Record<TrustingPeriodFrom, string> = {
  given: 'the one you set',
  chain: 'two thirds of the chain’s unbonding time, as its node says it',
  genesis: 'two thirds of the unbonding time in your genesis file',
  default: 'CometBFT’s default: the chain’s unbonding time is not known here',
};
