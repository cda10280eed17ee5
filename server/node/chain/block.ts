import { createHash } from 'node:crypto';

import type { AbciEvent } from './events.ts';
import type { Millis } from './records.ts';

/** ExecTxResult, as a block's results carry it. */
export interface TxResult {
  readonly code: number;
  readonly codespace: string;
  readonly log: string;
  readonly data: Uint8Array;
  readonly gasWanted: bigint;
  readonly gasUsed: bigint;
  readonly events: readonly AbciEvent[];
}

/** One committed block: what CometBFT stores and what FinalizeBlock returned for it. */
export interface BlockRecord {
  readonly height: bigint;
  readonly time: Millis;
  readonly txs: readonly Uint8Array[];
  readonly txResults: readonly TxResult[];
  readonly finalizeEvents: readonly AbciEvent[];
  readonly hash: string;
  readonly lastBlockHash: string;
  readonly dataHash: string;
  readonly appHash: string;
  readonly lastResultsHash: string;
}

const sha256 = (...parts: (Uint8Array | string)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** RFC 6962 Merkle root, as CometBFT's merkle.HashFromByteSlices computes it. */
export function merkleRoot(items: readonly Uint8Array[]): Buffer {
  if (items.length === 0) return sha256();
  if (items.length === 1) return sha256(Buffer.from([0]), items[0]);
  let split = 1;
  while (split * 2 < items.length) split *= 2;
  return sha256(Buffer.from([1]), merkleRoot(items.slice(0, split)), merkleRoot(items.slice(split)));
}

export const hexUpper = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();

/** Block, data and results hashes for a block: deterministic, chained to the previous block. */
export function blockHashes(
  chainId: string,
  height: bigint,
  time: Millis,
  txs: readonly Uint8Array[],
  lastBlockHash: string,
  resultsDigest: string,
): Pick<BlockRecord, 'hash' | 'dataHash' | 'appHash' | 'lastResultsHash'> {
  const dataHash = hexUpper(merkleRoot(txs.map((tx) => sha256(tx))));
  const appHash = hexUpper(sha256('app', chainId, String(height), resultsDigest));
  const lastResultsHash = hexUpper(sha256('results', resultsDigest));
  const hash = hexUpper(sha256(chainId, String(height), String(time), dataHash, lastBlockHash, appHash));
  return { hash, dataHash, appHash, lastResultsHash };
}
