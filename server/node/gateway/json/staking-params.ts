// The embedded chain's staking parameters, as x/staking's `Params` query answers them. Its history
// reaches 30 days back from its launch, so its unbonding time is 90 days: a light client's
// trusting period (two thirds of it, 60 days) then still reaches its genesis validators.
export const UNBONDING_SECONDS = 90 * 24 * 3600;

export const STAKING_PARAMS_JSON =
  `{"params":{"unbonding_time":"${UNBONDING_SECONDS}s","max_validators":100,"max_entries":7,` +
  `"historical_entries":10000,"bond_denom":"stake","min_commission_rate":"0.000000000000000000"}}`;
