import type { LegacyDec } from '../../lib/legacy-dec.ts';

// What x/gov's tally reads of x/staking: the bonded validators and who delegates to them. The
// simulated chain's stake does not move, so this is state set at genesis and carried along.

export interface BondedValidator {
  /** cosmosvaloper… */
  readonly operator: string;
  /** The operator's address bytes (latin1): a vote from the account with these bytes is the validator's. */
  readonly operatorKey: string;
  readonly tokens: bigint;
  readonly delegatorShares: LegacyDec;
}

export interface Delegation {
  readonly delegator: string;
  readonly delegatorKey: string;
  readonly validator: string;
  readonly shares: LegacyDec;
}

export interface Stake {
  readonly validators: readonly BondedValidator[];
  readonly delegations: readonly Delegation[];
}

export const NO_STAKE: Stake = { validators: [], delegations: [] };

export const totalBonded = (stake: Stake) => stake.validators.reduce((sum, validator) => sum + validator.tokens, 0n);
