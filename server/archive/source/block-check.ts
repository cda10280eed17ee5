import { createHash } from 'node:crypto';

import { toRfc3339WithNanoseconds, type comet38 } from '@cosmjs/tendermint-rpc';

import { headerJsonHash, merkleRoot } from '../../lib/cometbft-hash.ts';

// A node's answer is believed only when it is the block asked for and holds together: its hash
// is its header's CometBFT hash, and its transactions are the ones the header's data hash names.
// Anything else (a forged id, a stub, another height) is a fault to retry, never data to merge.

/** An answer that is not what was asked for: retried like a failed read, never merged. */
export class UntrustedAnswerError extends Error {}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** What is wrong with a `/block` answer for `height`, in words, or null when it holds together. */
export function blockAnswerProblem(answer: comet38.BlockResponse, height: bigint): string | null {
  const { header } = answer.block;
  if (BigInt(header.height) !== height) return `the node answered block ${header.height} when asked for ${height}`;
  const lastBlockId = header.lastBlockId ?? { hash: new Uint8Array(), parts: { total: 0, hash: new Uint8Array() } };
  let computed: string;
  try {
    computed = headerJsonHash({
      version: { block: String(header.version.block), app: String(header.version.app) },
      chain_id: header.chainId,
      height: String(height),
      time: toRfc3339WithNanoseconds(header.time),
      last_block_id: {
        hash: hex(lastBlockId.hash),
        parts: { total: lastBlockId.parts.total, hash: hex(lastBlockId.parts.hash) },
      },
      last_commit_hash: hex(header.lastCommitHash),
      data_hash: hex(header.dataHash),
      validators_hash: hex(header.validatorsHash),
      next_validators_hash: hex(header.nextValidatorsHash),
      consensus_hash: hex(header.consensusHash),
      app_hash: hex(header.appHash),
      last_results_hash: hex(header.lastResultsHash),
      evidence_hash: hex(header.evidenceHash),
      proposer_address: hex(header.proposerAddress),
    });
  } catch (error) {
    return `block ${height} has a header that cannot be hashed: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (!computed) return `block ${height} has a header without a validators hash`;
  if (computed !== hex(answer.blockId.hash)) {
    return `block ${height} is answered under hash ${hex(answer.blockId.hash) || '(none)'}, but its header hashes to ${computed}`;
  }
  const dataHash = merkleRoot(answer.block.txs.map(sha256));
  if (hex(dataHash) !== hex(header.dataHash)) {
    return `block ${height}'s transactions are not the ones its header names (data hash ${hex(header.dataHash)}, transactions hash to ${hex(dataHash)})`;
  }
  return null;
}
