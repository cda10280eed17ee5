import { fromBase64, toBase64 } from '@cosmjs/encoding';

import type { FactJson, StoreFactJson, TxFactJson } from '../../../../verify/bundle-format.ts';
import { factVerdict } from '../../../../verify/bundle-verify.ts';
import { hexOf, sha256 } from '../../../../verify/bytes.ts';
import type { Statement } from '../../../../verify/records/facts.ts';
import { nextKeyInRange, type RangeFactJson } from '../../../../verify/records/key-range.ts';
import { merklePathOf } from '../../../../verify/records/merkle.ts';
import { resultBytes } from '../../../../verify/records/tx-proof.ts';
import type { HeaderJson } from '../../../../verify/trust/header.ts';
import { NotServedError, type ProofReader } from '../../source/proof-reader.ts';
import { BeforeTrustRootError, HeaderRefusedError, type LightClient } from '../../source/trust/light-client.ts';

// The evidence of one fact, read from the node and checked by the same verifier an auditor runs:
// a transaction (its block's header, linked to the verified header above it that commits to its
// result), or a store record with its ICS23 proof against a verified app hash.

export type Evidence =
  | {
      verified: true;
      height: bigint;
      fact: FactJson;
      linked: { height: bigint; hash: string; header: HeaderJson } | null;
    }
  | { verified: false; height: bigint | null; reason: string; refused: boolean };

const pathJson = (items: Uint8Array[], index: number) => {
  const path = merklePathOf(items, index);
  return { total: String(path.total), index: String(path.index), aunts: path.aunts.map((aunt) => toBase64(aunt)) };
};

function judged(
  fact: FactJson,
  headers: Map<string, HeaderJson>,
  prefix: string,
  linked: LinkedHeader | null,
): Evidence {
  const verdict = factVerdict(fact, headers, prefix);
  const height = BigInt(fact.height);
  if (verdict.ok) return { verified: true, height, fact, linked };
  // The archive's own record disagreeing with the chain is a finding to show, not a lying node.
  return { verified: false, height, reason: verdict.how, refused: verdict.code !== 'claim-mismatch' };
}

/** Why a fact could not be proven, in words; a refused header is the node's fault, not a gap. */
function unproven(error: unknown, height: bigint | null): Evidence {
  if (error instanceof NotServedError)
    return { verified: false, height, reason: `the node no longer serves it: ${error.message}`, refused: false };
  if (error instanceof BeforeTrustRootError) return { verified: false, height, reason: error.message, refused: false };
  if (error instanceof HeaderRefusedError) return { verified: false, height, reason: error.message, refused: true };
  throw error;
}

type LinkedHeader = { height: bigint; hash: string; header: HeaderJson };

export class FactEvidence {
  /** A block's reads, shared by the facts of one turn (a block of 300 votes is read once). */
  private readonly reads = new Map<string, Promise<unknown>>();

  constructor(
    private readonly reader: ProofReader,
    private readonly light: LightClient,
    private readonly bech32Prefix: string,
  ) {}

  /** Drops the reads of the last turn. */
  forget(): void {
    this.reads.clear();
  }

  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let pending = this.reads.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = read();
      pending.catch(() => undefined);
      this.reads.set(key, pending);
    }
    return pending;
  }

  /** A transaction by its hash in block `height`, with the message the archive says it holds. */
  async transaction(height: bigint, txHash: string, claim: Statement): Promise<Evidence> {
    try {
      // The block's reads side by side: they join the JSON-RPC batches of the other facts' reads.
      const aboveRead = this.once(`verify ${height + 1n}`, () => this.light.verify(height + 1n));
      const headerRead = this.once(`linked ${height}`, () => this.light.linkedHeader(height));
      const blockRead = this.once(`block ${height}`, () => this.reader.blockTxs(height));
      const resultsRead = this.once(`results ${height}`, () => this.reader.results(height));
      const [above, header, block] = await Promise.all([aboveRead, headerRead, blockRead]);
      const txs = block.txs.map((tx) => fromBase64(tx));
      const index = txs.findIndex((tx) => hexOf(sha256(tx)) === txHash.toUpperCase());
      if (index === -1)
        return { verified: false, height, reason: `block ${height} holds no transaction ${txHash}`, refused: true };
      const results = await resultsRead;
      if (results.length !== txs.length)
        return {
          verified: false,
          height,
          reason: `block ${height}'s results do not match its transactions`,
          refused: true,
        };
      const fact: TxFactJson = {
        kind: 'tx',
        height: String(height),
        tx: block.txs[index],
        tx_path: pathJson(
          txs.map((tx) => sha256(tx)),
          index,
        ),
        result: results[index],
        result_path: pathJson(results.map(resultBytes), index),
        claim,
      };
      const headers = new Map([
        [String(height), header],
        [String(height + 1n), above.header],
      ]);
      const linked = { height, hash: above.header.last_block_id.hash.toUpperCase(), header };
      return judged(fact, headers, this.bech32Prefix, linked);
    } catch (error) {
      return unproven(error, height);
    }
  }

  /** A store record (or its absence, claim `stored: 'no'`) in the state after block `height`. */
  async record(store: string, keyHex: string, height: bigint, claim: Statement): Promise<Evidence> {
    try {
      const above = await this.once(`verify ${height + 1n}`, () => this.light.verify(height + 1n));
      const answer = await this.reader.storeKey(store, keyHex, height);
      const fact: StoreFactJson = {
        kind: 'store',
        height: String(height),
        store,
        key: keyHex.toUpperCase(),
        value: answer.value,
        proof_ops: answer.proofOps,
        claim,
      };
      return judged(fact, new Map([[String(height + 1n), above.header]]), this.bech32Prefix, null);
    } catch (error) {
      return unproven(error, height);
    }
  }

  /**
   * Every key under `prefixHex` in the state after block `height`, walked from neighbour to
   * neighbour by absence proofs (at most `maxKeys`: a node naming keys without end is refused).
   */
  async range(store: string, prefixHex: string, height: bigint, claim: Statement, maxKeys: number): Promise<Evidence> {
    try {
      const above = await this.once(`verify ${height + 1n}`, () => this.light.verify(height + 1n));
      const steps: RangeFactJson['steps'] = [];
      for (let key: string | null = prefixHex.toUpperCase(); key !== null;) {
        if (steps.length > maxKeys) {
          const reason = `more than ${maxKeys.toLocaleString('en-US')} keys to walk: complete by reconciliation only`;
          return { verified: false, height, reason, refused: false };
        }
        const answer = await this.reader.storeKey(store, key, height);
        steps.push({ key, proof_ops: answer.proofOps });
        const next = nextKeyInRange(answer.proofOps, prefixHex);
        key = next === null ? null : `${next}00`;
      }
      const fact: RangeFactJson = {
        kind: 'range',
        height: String(height),
        store,
        prefix: prefixHex.toUpperCase(),
        steps,
        claim,
      };
      return judged(fact, new Map([[String(height + 1n), above.header]]), this.bech32Prefix, null);
    } catch (error) {
      return unproven(error, height);
    }
  }
}
