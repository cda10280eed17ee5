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

export const hexUpper = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();
