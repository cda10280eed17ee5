import { describe, expect, it } from 'vitest';

import { failed } from '../problem-codes.ts';
import { fourValidatorChain } from '../testing/real-node.ts';
import { verifyChainOfTrust } from './chain-of-trust.ts';
import { genesisValidatorSet } from './genesis-set.ts';
import { nanosOf, timestampOf } from './header.ts';
import { trustOptionsAt } from './light-block.ts';
import { validatorSetHashOf, type ValidatorJson } from './validator-set.ts';

// A real SDK chain's genesis lists no validators: the first set is made from its gen_txs, and it
// must be the set header 1 names. Checked on a real four-validator chain (simd v0.50.13).

const { chain_id: chainId, genesis, light_blocks: blocks } = fourValidatorChain;
const [first, second, twentieth] = blocks;
const justAfter = (block: (typeof blocks)[number]) =>
  trustOptionsAt(nanosOf(timestampOf(block.signed_header.header.time)!) + 60_000_000_000n);

const rootOf = (validators: ValidatorJson[]) => ({
  kind: 'genesis' as const,
  initial_height: genesis.initial_height,
  genesis_time: genesis.genesis_time,
  validators,
});

type GenTx = {
  body: { messages: { value: { amount: string }; pubkey: { key: string }; validator_address: string }[] };
};
const genTxsOf = (document: typeof genesis) =>
  (document.app_state as { genutil: { gen_txs: GenTx[] } }).genutil.gen_txs;

describe('the first validator set of a real SDK chain', () => {
  it('is made from the gen_txs, 10^6 stake to a unit of power, and is the set header 1 names', () => {
    expect('validators' in genesis).toBe(false);
    const derived = genesisValidatorSet(genesis);
    if (failed(derived)) throw new Error(derived.problem);
    expect(derived.from).toBe('gen_txs');
    expect(derived.validators.map((validator) => validator.voting_power)).toEqual(['100', '100', '100', '100']);
    const hashed = validatorSetHashOf(derived.validators);
    if (failed(hashed)) throw new Error(hashed.problem);
    expect(hashed.hash).toBe(first.signed_header.header.validators_hash);
  });

  it('trusts the chain from that genesis: heights 1, 2 and 20, where one of the four did not sign', () => {
    const derived = genesisValidatorSet(genesis);
    if (failed(derived)) throw new Error(derived.problem);
    const root = rootOf(derived.validators);
    const chain = verifyChainOfTrust(chainId, root, blocks, [], justAfter(twentieth));
    expect(chain.failure).toBeNull();
    expect(chain.steps.map((step) => [step.height, step.how, step.power?.signed ?? null])).toEqual([
      ['1', 'trust root', null],
      ['2', 'adjacent', '400'],
      ['20', 'skipping', '300'],
    ]);
  });

  it('refuses a genesis with one gentx amount changed, naming the set it derived and the one header 1 names', () => {
    const changed = structuredClone(genesis);
    genTxsOf(changed)[2].body.messages[0].value.amount = '200000000';
    const derived = genesisValidatorSet(changed);
    if (failed(derived)) throw new Error(derived.problem);
    const root = rootOf(derived.validators);
    const chain = verifyChainOfTrust(chainId, root, [first, second], [], justAfter(second));
    expect(chain.failureCode).toBe('validator-set-mismatch');
    expect(chain.failure).toMatch(
      /the genesis gives 4 validators \(.*200.*\) hashing to [0-9A-F]{64}; header 1 names [0-9A-F]{64} \(4 validators: .*100/,
    );
  });

  it('reads an exported genesis the same way: staking validators and their last powers', () => {
    const exported = structuredClone(genesis);
    const messages = genTxsOf(exported).map((genTx) => genTx.body.messages[0]);
    exported.app_state = {
      staking: {
        params: { bond_denom: 'stake' },
        validators: messages.map((message) => ({
          operator_address: message.validator_address,
          consensus_pubkey: { '@type': '/cosmos.crypto.ed25519.PubKey', key: message.pubkey.key },
        })),
        last_validator_powers: messages.map((message) => ({ address: message.validator_address, power: '100' })),
      },
    };
    const derived = genesisValidatorSet(exported);
    if (failed(derived)) throw new Error(derived.problem);
    expect(derived.from).toBe('staking state');
    const hashed = validatorSetHashOf(derived.validators);
    expect(!failed(hashed) && hashed.hash).toBe(first.signed_header.header.validators_hash);
  });

  it('says why when a genesis names no validator at all', () => {
    const empty = genesisValidatorSet({ chain_id: chainId, app_state: { genutil: { gen_txs: [] } } });
    expect(failed(empty) && empty.code).toBe('empty-validator-set');
  });
});
