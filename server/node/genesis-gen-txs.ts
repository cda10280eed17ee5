import { bech32 } from 'bech32';

import type { Validator } from './consensus/validators.ts';
import { STAKING_PARAMS_JSON } from './gateway/json/staking-params.ts';

// The staking module's part of the embedded chain's genesis, as a real SDK chain's holds it: one
// gen_tx per first validator (a MsgCreateValidator with its ed25519 consensus key and a
// self-delegation of power × 10^6 stake, the SDK's default power reduction), and staking's state
// empty, to be filled by InitChain from those. The simulated validators have no operator accounts,
// so a gen_tx carries no signer and no signature: nothing reads them but the set they make.

export const POWER_REDUCTION = 10n ** 6n;

/** x/staking's GenesisState before InitChain: its params, and no validator yet. */
export const STAKING_GENESIS_JSON =
  `{"params":${JSON.stringify((JSON.parse(STAKING_PARAMS_JSON) as { params: unknown }).params)},` +
  '"last_total_power":"0","last_validator_powers":[],"validators":[],"delegations":[],' +
  '"unbonding_delegations":[],"redelegations":[],"exported":false}';

const operatorAddress = (validator: Validator) =>
  bech32.encode('cosmosvaloper', bech32.toWords(Buffer.from(validator.address, 'hex')));

function genTxOf(validator: Validator, moniker: string) {
  return {
    body: {
      messages: [
        {
          '@type': '/cosmos.staking.v1beta1.MsgCreateValidator',
          description: { moniker, identity: '', website: '', security_contact: '', details: '' },
          commission: {
            rate: '0.100000000000000000',
            max_rate: '0.200000000000000000',
            max_change_rate: '0.010000000000000000',
          },
          min_self_delegation: '1',
          delegator_address: '',
          validator_address: operatorAddress(validator),
          pubkey: { '@type': '/cosmos.crypto.ed25519.PubKey', key: Buffer.from(validator.pubKey).toString('base64') },
          value: { denom: 'stake', amount: String(validator.power * POWER_REDUCTION) },
        },
      ],
      memo: '',
      timeout_height: '0',
      extension_options: [],
      non_critical_extension_options: [],
    },
    auth_info: {
      signer_infos: [],
      fee: { amount: [], gas_limit: '200000', payer: '', granter: '' },
      tip: null,
    },
    signatures: [],
  };
}

/** The gen_txs that make `validators` the chain's first set. */
export const genTxsJson = (validators: readonly Validator[]) =>
  JSON.stringify(validators.map((validator, index) => genTxOf(validator, `polity-${index}`)));
