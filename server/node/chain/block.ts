import type { Commit } from '../consensus/commit.ts';
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
  /** The header's app_hash: the state root after the previous block. */
  readonly appHash: string;
  /** The header's last_results_hash: of the previous block's results. */
  readonly lastResultsHash: string;
  /** What a block of a chain with signing validators adds (absent in older chains' blocks). */
  readonly signed?: SignedBlockFields;
}

/** The header fields and commits of a block made by the chain's validators. */
export interface SignedBlockFields {
  readonly validatorsHash: string;
  readonly nextValidatorsHash: string;
  readonly proposerAddress: string;
  readonly lastCommitHash: string;
  /** The previous block's commit, as this block carries it (null for the first block). */
  readonly lastCommit: Commit | null;
  /** This block's own commit: its validators' signatures over its block id. */
  readonly commit: Commit;
  /** Hash of this block's own results: the next header's last_results_hash. */
  readonly resultsHash: string;
  /** The state root after this block: FinalizeBlock's app_hash, the next header's app_hash. */
  readonly stateHash: string;
}

export const hexUpper = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();
