import type { GovState } from '../../chain/gov/gov-genesis.ts';
import { GENESIS_GOV_PARAMS } from '../../chain/gov/gov-params.ts';
import type { Stake } from '../../chain/gov/stake.ts';
import { decFromInt } from '../../lib/legacy-dec.ts';
import type { Accounts } from './accounts.ts';

/** The chain's one validator, as /status shows it (consensus power 100000: 10^11 tokens bonded). */
export const VALIDATOR_LABEL = 'polity-validator-1';
const SELF_BOND = 40_000_000_000n;
/** Six of the genesis people delegate; their votes override the validator's for their share. */
const DELEGATORS = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'];
const DELEGATION = 10_000_000_000n;

export function genesisStake(accounts: Accounts): Stake {
  const operator = accounts.validator(VALIDATOR_LABEL);
  const operatorAccount = accounts.operatorAccount(VALIDATOR_LABEL);
  const keyOf = (address: string) => {
    const key = accounts.book.get(address);
    if (key === undefined) throw new Error(`${address} is not an account of this chain`);
    return key;
  };
  const delegations = [
    { delegator: operatorAccount, shares: SELF_BOND },
    ...DELEGATORS.map((name) => ({ delegator: accounts.account(name), shares: DELEGATION })),
  ].map(({ delegator, shares }) => ({
    delegator,
    delegatorKey: keyOf(delegator),
    validator: operator,
    shares: decFromInt(shares),
  }));
  const tokens = SELF_BOND + DELEGATION * BigInt(DELEGATORS.length);
  return {
    validators: [{ operator, operatorKey: keyOf(operatorAccount), tokens, delegatorShares: decFromInt(tokens) }],
    delegations,
  };
}

/** x/gov as genesis leaves it: its params and stake, no proposals yet. */
export const genesisGovState = (accounts: Accounts): GovState => ({
  params: GENESIS_GOV_PARAMS,
  stake: genesisStake(accounts),
  nextProposalId: 1n,
  proposals: [],
  votes: [],
  deposits: [],
});
