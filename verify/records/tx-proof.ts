import { ExecTxResult } from 'cosmjs-types/tendermint/abci/types';

import { bytesOfBase64, bytesOfHex, sha256 } from '../bytes.ts';
import { merklePathLeadsTo, type MerklePath } from './merkle.ts';

// A transaction proven in a block: its SHA-256 is a leaf of the header's data_hash; its success
// is a leaf of the NEXT header's last_results_hash (CometBFT hashes the deterministic fields of
// each result: code, data, gas wanted, gas used).

export interface MerklePathJson {
  total: string;
  index: string;
  aunts: string[];
}

/** The deterministic part of a transaction's result, as `/block_results` writes it. */
export interface TxResultJson {
  code: number;
  data: string | null;
  gas_wanted: string;
  gas_used: string;
}

export function pathOfJson(json: MerklePathJson): MerklePath | null {
  const aunts = json.aunts.map(bytesOfBase64);
  if (aunts.some((aunt) => aunt === null) || !/^\d+$/.test(json.total) || !/^\d+$/.test(json.index)) return null;
  return { total: Number(json.total), index: Number(json.index), aunts: aunts as Uint8Array[] };
}

export function resultBytes(result: TxResultJson): Uint8Array {
  return ExecTxResult.encode(
    ExecTxResult.fromPartial({
      code: result.code,
      data: bytesOfBase64(result.data ?? '') ?? new Uint8Array(),
      gasWanted: BigInt(result.gas_wanted),
      gasUsed: BigInt(result.gas_used),
    }),
  ).finish();
}

export function txInBlockProblem(tx: Uint8Array, path: MerklePathJson, dataHash: string): string | null {
  const merklePath = pathOfJson(path);
  const root = bytesOfHex(dataHash);
  if (!merklePath || !root) return 'the transaction path is not well formed';
  return merklePathLeadsTo(merklePath, sha256(tx), root) ? null : 'the transaction is not in the block (data_hash)';
}

export function resultInBlockProblem(
  result: TxResultJson,
  path: MerklePathJson,
  lastResultsHash: string,
): string | null {
  const merklePath = pathOfJson(path);
  const root = bytesOfHex(lastResultsHash);
  if (!merklePath || !root) return 'the result path is not well formed';
  if (!merklePathLeadsTo(merklePath, resultBytes(result), root)) {
    return "the result is not the block's (last_results_hash of the next header)";
  }
  if (result.code !== 0) return `the transaction failed (code ${result.code}): it changed nothing`;
  return null;
}

/**
 * Why a result proven beside a transaction is not its own, or null: it must sit at the same place
 * among the block's results as the transaction among its transactions (else any failed
 * transaction could borrow a neighbour's success).
 */
export function resultOfAnotherTx(tx: MerklePathJson, result: MerklePathJson): string | null {
  if (tx.index === result.index && tx.total === result.total) return null;
  return `the result proven is of transaction ${result.index} of ${result.total}, not of this one (${tx.index} of ${tx.total})`;
}
