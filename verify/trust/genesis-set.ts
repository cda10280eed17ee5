import { bytesOfBase64, hexOf, sha256 } from '../bytes.ts';
import { failed, refusal, type Checked } from '../problem-codes.ts';
import type { ValidatorJson } from './rpc-json.ts';
import { inCometOrder } from './validator-set.ts';

// A Cosmos SDK chain's genesis lists no validators for CometBFT (`validators` is empty or absent):
// the first set is what the staking module makes of the genesis at InitChain. A fresh chain's
// genesis holds it as gen_txs (one MsgCreateValidator each: a consensus key and a self-delegation);
// an exported one as staking's validators and their last powers. The set derived here is checked
// against the validators_hash of the header at the initial height by whoever relies on it.

/** The SDK's default: one unit of voting power per 10^6 base units of the bond denom. */
export const DEFAULT_POWER_REDUCTION = 10n ** 6n;

export type GenesisSetSource = 'genesis validators' | 'gen_txs' | 'staking state';

export interface GenesisSet {
  validators: ValidatorJson[];
  from: GenesisSetSource;
  /** How many gen_txs or staking validators were read, and how many gave power. */
  read: number;
}

type Json = Record<string, unknown>;
const object = (value: unknown): Json | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const ED25519_ANY = '/cosmos.crypto.ed25519.PubKey';
const ED25519_AMINO = 'tendermint/PubKeyEd25519';

/** A validator of the set from an ed25519 consensus key (its SDK Any) and a voting power. */
function validatorOf(pubkey: unknown, power: bigint, where: string): Checked<ValidatorJson> {
  const key = object(pubkey);
  if (text(key?.['@type']) !== ED25519_ANY)
    return refusal('key-not-ed25519', `${where}: the consensus key is not ${ED25519_ANY}`);
  const bytes = bytesOfBase64(text(key?.key) ?? '');
  if (!bytes || bytes.length !== 32) return refusal('malformed', `${where}: the ed25519 key is not 32 bytes of base64`);
  return {
    address: hexOf(sha256(bytes).subarray(0, 20)),
    pub_key: { type: ED25519_AMINO, value: text(key?.key) ?? '' },
    voting_power: String(power),
  };
}

const wholeNumber = (value: unknown): bigint | null => {
  const digits = text(value);
  return digits !== null && /^\d{1,80}$/.test(digits) ? BigInt(digits) : null;
};

function fromGenTxs(genTxs: unknown[], bondDenom: string, reduction: bigint): Checked<ValidatorJson[]> {
  const validators: ValidatorJson[] = [];
  for (const [index, genTx] of genTxs.entries()) {
    const messages = list(object(object(genTx)?.body)?.messages);
    for (const message of messages.map(object)) {
      if (text(message?.['@type']) !== '/cosmos.staking.v1beta1.MsgCreateValidator') continue;
      const where = `gen_txs[${index}] (${text(object(message?.description)?.moniker) ?? 'no moniker'})`;
      const value = object(message?.value);
      const amount = wholeNumber(value?.amount);
      if (amount === null) return refusal('malformed', `${where}: the self-delegation amount is not a whole number`);
      if (text(value?.denom) !== bondDenom)
        return refusal('malformed', `${where}: delegates ${String(value?.denom)}, not the bond denom ${bondDenom}`);
      const power = amount / reduction;
      // Below one unit of power a validator is bonded but not in CometBFT's set.
      if (power === 0n) continue;
      const validator = validatorOf(message?.pubkey, power, where);
      if (failed(validator)) return validator;
      validators.push(validator);
    }
  }
  return validators;
}

function fromStakingState(staking: Json): Checked<ValidatorJson[]> {
  const byOperator = new Map<string, Json>();
  for (const validator of list(staking.validators).map(object))
    if (validator) byOperator.set(text(validator.operator_address) ?? '', validator);
  const validators: ValidatorJson[] = [];
  for (const [index, last] of list(staking.last_validator_powers).map(object).entries()) {
    const operator = text(last?.address) ?? '';
    const power = wholeNumber(last?.power);
    const where = `last_validator_powers[${index}] (${operator})`;
    if (power === null) return refusal('malformed', `${where}: the power is not a whole number`);
    const validator = byOperator.get(operator);
    if (!validator) return refusal('malformed', `${where}: no staking validator has this operator address`);
    const derived = validatorOf(validator.consensus_pubkey, power, where);
    if (failed(derived)) return derived;
    validators.push(derived);
  }
  return validators;
}

/**
 * The validator set a genesis starts its chain with, in CometBFT's order: its own `validators`
 * when it lists any, else staking's exported state, else its gen_txs at `powerReduction`.
 */
export function genesisValidatorSet(genesis: unknown, powerReduction = DEFAULT_POWER_REDUCTION): Checked<GenesisSet> {
  const document = object(genesis);
  if (!document) return refusal('malformed', 'the genesis is not a JSON object');
  const listed = list(document.validators).map(object);
  if (listed.length > 0) {
    const validators = listed.map((validator): ValidatorJson => ({
      address: text(validator?.address) ?? '',
      pub_key: (object(validator?.pub_key) ?? { type: '', value: '' }) as ValidatorJson['pub_key'],
      voting_power: text(validator?.power) ?? '',
    }));
    return { validators: inCometOrder(validators), from: 'genesis validators', read: listed.length };
  }
  const appState = object(document.app_state);
  const staking = object(appState?.staking);
  if (staking && list(staking.last_validator_powers).length > 0) {
    const validators = fromStakingState(staking);
    if (failed(validators)) return validators;
    return { validators: inCometOrder(validators), from: 'staking state', read: validators.length };
  }
  const genTxs = list(object(appState?.genutil)?.gen_txs);
  if (genTxs.length === 0)
    return refusal(
      'empty-validator-set',
      'the genesis names no validators: none in validators, staking.last_validator_powers or genutil.gen_txs',
    );
  const bondDenom = text(object(staking?.params)?.bond_denom) ?? 'stake';
  const validators = fromGenTxs(genTxs, bondDenom, powerReduction);
  if (failed(validators)) return validators;
  if (validators.length === 0)
    return refusal('empty-validator-set', `no gen_tx delegates a whole unit of power (${powerReduction} ${bondDenom})`);
  return { validators: inCometOrder(validators), from: 'gen_txs', read: genTxs.length };
}
