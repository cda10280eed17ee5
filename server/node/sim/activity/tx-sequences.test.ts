import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { AuthInfo, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { afterAll, describe, expect, it } from 'vitest';

import { openNode } from '../../../test/harness.ts';
import { txHash } from '../../chain/tx/tx-codec.ts';
import type { ChainNode } from '../chain-node.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const txsOf = (node: ChainNode, from: bigint, to: bigint) => {
  const txs: { height: bigint; hash: string; bytes: Uint8Array }[] = [];
  for (let height = from; height <= to; height++)
    for (const bytes of node.blocks.get(height)?.txs ?? []) txs.push({ height, hash: txHash(bytes), bytes });
  return txs;
};

describe('transactions of the embedded chain', () => {
  it('each have a hash of their own, as a real chain’s do: the signer’s account sequence is in every one', () => {
    const node = openNode({ livePeriodS: 30, keepBlocks: 2000 });
    node.advance(1200, 2000);
    const txs = txsOf(node, node.height - 1199n, node.height);
    expect(txs.length).toBeGreaterThan(3000);
    // Before sequences, a refused message sent again had the same bytes: one hash at several heights.
    const heightsOf = new Map<string, bigint[]>();
    for (const { hash, height } of txs) heightsOf.set(hash, [...(heightsOf.get(hash) ?? []), height]);
    expect([...heightsOf].filter(([, heights]) => heights.length > 1)).toEqual([]);
    const signer = AuthInfo.decode(TxRaw.decode(txs[0].bytes).authInfoBytes).signerInfos;
    expect(signer).toHaveLength(1);
    expect(signer[0].modeInfo?.single?.mode).toBe(1); // SIGN_MODE_DIRECT
  });

  it('keep their bytes across a restart from a snapshot: the sequences are chain state', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'polity-sequences-'));
    dirs.push(dataDir);
    const first = openNode({ dataDir, livePeriodS: 30 });
    first.advance(200, 2000);
    expect(first.writeSnapshot()).toBe(true);
    first.advance(300, 2000);
    const served = txsOf(first, first.height - 299n, first.height).map(({ hash }) => hash);
    expect(served.length).toBeGreaterThan(500);
    const restarted = openNode({ dataDir, livePeriodS: 30 });
    // The snapshot is of the earliest of the 100 kept states: the sequences as they were there.
    expect(restarted.restoration.replayedBlocks).toBe(300 + 99);
    expect(txsOf(restarted, restarted.height - 299n, restarted.height).map(({ hash }) => hash)).toEqual(served);
  });
});
