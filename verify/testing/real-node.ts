import { readFileSync } from 'node:fs';

import type { ProofOpJson } from '../records/store-proof.ts';
import type { TxResultJson } from '../records/tx-proof.ts';
import type { CommitJson } from '../trust/commit.ts';
import type { HeaderJson } from '../trust/header.ts';
import type { LightBlockJson } from '../trust/light-block.ts';
import type { ValidatorJson } from '../trust/validator-set.ts';

// The real-node test vectors (a simd v0.50.13 chain), read once for the verifier's tests.

const read = <T>(name: string) =>
  JSON.parse(readFileSync(new URL(`../../test-vectors/${name}`, import.meta.url), 'utf8')) as T;

interface SignedHeaderVector {
  chain_id: string;
  header: HeaderJson;
  block_id: CommitJson['block_id'];
  validators: { address: string; pub_key_base64: string; power: string }[];
  commit_signatures: CommitJson['signatures'];
}

const signed = read<SignedHeaderVector>('cometbft-signed-header-361.json');

export const realChainId = signed.chain_id;

export function realLightBlock361(): LightBlockJson {
  return {
    signed_header: {
      header: structuredClone(signed.header),
      commit: {
        height: signed.header.height,
        round: 0,
        block_id: structuredClone(signed.block_id),
        signatures: structuredClone(signed.commit_signatures),
      },
    },
    validator_set: signed.validators.map((validator): ValidatorJson => ({
      address: validator.address,
      pub_key: { type: 'tendermint/PubKeyEd25519', value: validator.pub_key_base64 },
      voting_power: validator.power,
    })),
  };
}

export const realProofs = read<{
  app_hash: string;
  proofs: { name: string; store: string; key_hex: string; value: string | null; ops: ProofOpJson[] }[];
}>('iavl-proofs-simd-h360.json');

export const realTxBlock = read<{
  chain_id: string;
  headers: HeaderJson[];
  block_ids: Record<string, string>;
  tx_height: string;
  txs: string[];
  result: TxResultJson;
}>('cometbft-tx-in-block-29.json');

/** A real four-validator chain: its genesis reduced to what decides the first set, and three light blocks. */
export const fourValidatorChain = read<{
  chain_id: string;
  genesis: Record<string, unknown> & { initial_height: string; genesis_time: string };
  light_blocks: LightBlockJson[];
}>('four-validator-chain.json');
