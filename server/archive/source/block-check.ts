import { createHash } from 'node:crypto';

import { toRfc3339WithNanoseconds, type comet38 } from '@cosmjs/tendermint-rpc';

import { headerHash, merkleRoot, timestampOf } from '../../lib/cometbft-hash.ts';

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
  const time = timestampOf(toRfc3339WithNanoseconds(header.time));
  if (!time) return `block ${height} has a time that cannot be read`;
  const lastBlockId = header.lastBlockId ?? { hash: new Uint8Array(), parts: { total: 0, hash: new Uint8Array() } };
  const computed = headerHash({
    versionBlock: BigInt(header.version.block),
    versionApp: BigInt(header.version.app),
    chainId: header.chainId,
    height,
    timeSeconds: time.seconds,
    timeNanos: time.nanos,
    lastBlockId: { hash: lastBlockId.hash, partsTotal: lastBlockId.parts.total, partsHash: lastBlockId.parts.hash },
    lastCommitHash: header.lastCommitHash,
    dataHash: header.dataHash,
    validatorsHash: header.validatorsHash,
    nextValidatorsHash: header.nextValidatorsHash,
    consensusHash: header.consensusHash,
    appHash: header.appHash,
    lastResultsHash: header.lastResultsHash,
    evidenceHash: header.evidenceHash,
    proposerAddress: header.proposerAddress,
  });
  if (!computed) return `block ${height} has a header without a validators hash`;
  if (hex(computed) !== hex(answer.blockId.hash)) {
    return `block ${height} is answered under hash ${hex(answer.blockId.hash) || '(none)'}, but its header hashes to ${hex(computed)}`;
  }
  const dataHash = merkleRoot(answer.block.txs.map(sha256));
  if (hex(dataHash) !== hex(header.dataHash)) {
    return `block ${height}'s transactions are not the ones its header names (data hash ${hex(header.dataHash)}, transactions hash to ${hex(dataHash)})`;
  }
  return null;
}
