import { merkleRoot } from '../../lib/cometbft-hash.ts';
import type { TxResult } from '../chain/block.ts';
import { bytesField, varintField } from './proto-bytes.ts';

// last_results_hash as CometBFT v0.38 computes it (types/results.go): the RFC 6962 root of each
// transaction's ExecTxResult reduced to its deterministic fields (code, data, gas wanted, gas
// used): logs, events and codespace may differ between honest nodes, so they are left out.

export const deterministicResultBytes = (result: TxResult) =>
  Uint8Array.from([
    ...varintField(1, result.code),
    ...bytesField(2, result.data),
    ...varintField(5, result.gasWanted),
    ...varintField(6, result.gasUsed),
  ]);

export const resultsHash = (results: readonly TxResult[]) => merkleRoot(results.map(deterministicResultBytes));

/** The hash of an empty list (no transactions, no signatures): SHA-256 of nothing, upper hex. */
export const EMPTY_LIST_HASH = 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855';
