import { createHash } from 'node:crypto';

import { hexUpper, type BlockRecord, type TxResult } from '../chain/block.ts';
import { chainTimeText } from '../chain/chain-time.ts';
import type { AbciEvent } from '../chain/events.ts';
import { txHash } from '../chain/tx/tx-codec.ts';

// CometBFT v0.38's JSON (its own encoder, not gogoproto's): integers as strings except a few
// small ones (round, index, block_id_flag, parts.total), bytes as base64, hashes as upper hex.

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** The single validator of the simulated chain, derived from its chain id. */
export function validatorOf(chainId: string) {
  const pubKey = createHash('sha256').update(`${chainId}:validator`).digest();
  const address = hexUpper(createHash('sha256').update(pubKey).digest().subarray(0, 20));
  return { address, pubKey: base64(pubKey), votingPower: '100000' };
}

const blockId = (hash: string) => ({ hash, parts: { total: hash ? 1 : 0, hash: hash ? partsHash(hash) : '' } });
const partsHash = (hash: string) => hexUpper(Buffer.from(hash.split('').reverse().join(''), 'hex'));

export function headerJson(block: BlockRecord, chainId: string) {
  const validator = validatorOf(chainId);
  const validatorsHash = hexUpper(Buffer.from(validator.address.padEnd(64, '0'), 'hex'));
  return {
    version: { block: '11' },
    chain_id: chainId,
    height: String(block.height),
    time: chainTimeText(block.time),
    last_block_id: blockId(block.lastBlockHash),
    last_commit_hash: block.lastBlockHash ? partsHash(block.lastBlockHash) : '',
    data_hash: block.dataHash,
    validators_hash: validatorsHash,
    next_validators_hash: validatorsHash,
    consensus_hash: '048091BC7DDC283F77BFBF91D73C44DA58C3DF8A9CBC867405D8B7F3DAADA22F',
    app_hash: block.appHash,
    last_results_hash: block.lastResultsHash,
    evidence_hash: 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
    proposer_address: validator.address,
  };
}

export function blockJson(block: BlockRecord, chainId: string) {
  const validator = validatorOf(chainId);
  return {
    block_id: blockId(block.hash),
    block: {
      header: headerJson(block, chainId),
      data: { txs: block.txs.map(base64) },
      evidence: { evidence: [] },
      last_commit: {
        height: String(block.height - 1n),
        round: 0,
        block_id: blockId(block.lastBlockHash),
        signatures: block.lastBlockHash
          ? [
              {
                block_id_flag: 2,
                validator_address: validator.address,
                timestamp: chainTimeText(block.time),
                signature: base64(Buffer.from(block.lastBlockHash + block.lastBlockHash, 'hex')),
              },
            ]
          : [],
      },
    },
  };
}

export function blockMetaJson(block: BlockRecord, chainId: string) {
  const size = block.txs.reduce((sum, tx) => sum + tx.length, 0) + 600;
  return {
    block_id: blockId(block.hash),
    block_size: String(size),
    header: headerJson(block, chainId),
    num_txs: String(block.txs.length),
  };
}

export const eventsJson = (events: readonly AbciEvent[]) =>
  events.map((event) => ({
    type: event.type,
    attributes: event.attributes.map((attribute) => ({
      key: attribute.key,
      value: attribute.value,
      index: attribute.index,
    })),
  }));

export function txResultJson(result: TxResult) {
  return {
    code: result.code,
    data: result.data.length > 0 ? base64(result.data) : null,
    log: result.log,
    info: '',
    gas_wanted: String(result.gasWanted),
    gas_used: String(result.gasUsed),
    events: eventsJson(result.events),
    codespace: result.codespace,
  };
}

export function blockResultsJson(block: BlockRecord) {
  return {
    height: String(block.height),
    txs_results: block.txResults.length > 0 ? block.txResults.map(txResultJson) : null,
    finalize_block_events: eventsJson(block.finalizeEvents),
    validator_updates: null,
    consensus_param_updates: {
      block: { max_bytes: '22020096', max_gas: '-1' },
      evidence: { max_age_num_blocks: '100000', max_age_duration: '172800000000000', max_bytes: '1048576' },
      validator: { pub_key_types: ['ed25519'] },
      version: {},
      abci: {},
    },
    app_hash: base64(Buffer.from(block.appHash, 'hex')),
  };
}

export function txJson(block: BlockRecord, index: number) {
  const tx = block.txs[index];
  return {
    hash: txHash(tx),
    height: String(block.height),
    index,
    tx_result: txResultJson(block.txResults[index]),
    tx: base64(tx),
  };
}
