import { blockIdJson, headerJson, validatorOf } from '../chain/block-header.ts';
import type { BlockRecord, TxResult } from '../chain/block.ts';
import { chainTimeText } from '../chain/chain-time.ts';
import type { AbciEvent } from '../chain/events.ts';
import { txHash } from '../chain/tx/tx-codec.ts';
import { commitJson } from './consensus-methods.ts';

// CometBFT v0.38's JSON (its own encoder, not gogoproto's): integers as strings except a few
// small ones (round, index, block_id_flag, parts.total), bytes as base64, hashes as upper hex.

/** A result already written as JSON (a genesis document): sent as it is, never parsed again. */
export class RawJson {
  constructor(readonly text: string) {}
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

export function blockJson(block: BlockRecord, chainId: string) {
  const validator = validatorOf(chainId);
  return {
    block_id: blockIdJson(block.hash),
    block: {
      header: headerJson(block, chainId),
      data: { txs: block.txs.map(base64) },
      evidence: { evidence: [] },
      last_commit: block.signed
        ? block.signed.lastCommit
          ? commitJson(block.signed.lastCommit)
          : { height: '0', round: 0, block_id: blockIdJson(''), signatures: [] }
        : {
            height: String(block.height - 1n),
            round: 0,
            block_id: blockIdJson(block.lastBlockHash),
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
    block_id: blockIdJson(block.hash),
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
    // FinalizeBlock's app hash: the state this block left (the next header's app_hash).
    app_hash: base64(Buffer.from(block.signed?.stateHash ?? block.appHash, 'hex')),
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
