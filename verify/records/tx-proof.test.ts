import { fromBase64 } from '@cosmjs/encoding';
import { describe, expect, it } from 'vitest';

import { sha256 } from '../bytes.ts';
import { realTxBlock } from '../testing/real-node.ts';
import { headerHashOf } from '../trust/header.ts';
import { messagesOfTx } from './facts.ts';
import { merklePathLeadsTo, merklePathOf, merkleRoot } from './merkle.ts';
import { resultBytes, resultInBlockProblem, txInBlockProblem } from './tx-proof.ts';

// A real node's block 29 (one MsgVote): the transaction in header 29's data_hash, its result in
// header 30's last_results_hash, and the headers 25–30 linked by their hashes.

const toJson = (path: ReturnType<typeof merklePathOf>) => ({
  total: String(path.total),
  index: String(path.index),
  aunts: path.aunts.map((aunt) => Buffer.from(aunt).toString('base64')),
});
const header = (height: string) => realTxBlock.headers.find((entry) => entry.height === height)!;

describe('a transaction proven in a real block', () => {
  const tx = fromBase64(realTxBlock.txs[0]);
  const path = toJson(merklePathOf([sha256(tx)], 0));

  it('is in block 29, succeeded by header 30, and is bob’s vote', () => {
    expect(txInBlockProblem(tx, path, header('29').data_hash)).toBeNull();
    expect(
      resultInBlockProblem(
        realTxBlock.result,
        toJson(merklePathOf([resultBytes(realTxBlock.result)], 0)),
        header('30').last_results_hash,
      ),
    ).toBeNull();
    expect(messagesOfTx(tx)).toEqual([expect.objectContaining({ kind: 'vote', option: 'VOTE_OPTION_YES' })]);
  });

  it('is refused against another block, with another result, or when it failed', () => {
    expect(txInBlockProblem(tx, path, header('26').data_hash)).toMatch(/not in the block/);
    const otherGas = { ...realTxBlock.result, gas_used: '50410' };
    const otherPath = toJson(merklePathOf([resultBytes(otherGas)], 0));
    expect(resultInBlockProblem(otherGas, otherPath, header('30').last_results_hash)).toMatch(/not the block's/);
    const failed = { ...realTxBlock.result, code: 5 };
    const failedRoot = Buffer.from(merkleRoot([resultBytes(failed)])).toString('hex');
    expect(resultInBlockProblem(failed, toJson(merklePathOf([resultBytes(failed)], 0)), failedRoot)).toBe(
      'the transaction failed (code 5): it changed nothing',
    );
  });

  it('links headers 25–30 by hash', () => {
    for (const entry of realTxBlock.headers) {
      expect(headerHashOf(entry)).toEqual({ hash: realTxBlock.block_ids[entry.height] });
    }
  });
});

describe('Merkle paths', () => {
  it('lead every leaf of trees of 1 to 9 items to the root, and no leaf to another index', () => {
    for (let count = 1; count <= 9; count += 1) {
      const items = Array.from({ length: count }, (_, index) => Uint8Array.of(index));
      const root = merkleRoot(items);
      for (let index = 0; index < count; index += 1) {
        expect(merklePathLeadsTo(merklePathOf(items, index), items[index], root)).toBe(true);
        if (count > 1)
          expect(merklePathLeadsTo(merklePathOf(items, index), items[(index + 1) % count], root)).toBe(false);
      }
    }
  });
});
