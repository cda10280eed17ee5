import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { storeQuery } from '../node/queries/store-query.ts';
import { blockJson, blockResultsJson } from '../node/rpc/rpc-json.ts';
import type { ChainNode } from '../node/sim/chain-node.ts';
import { openNode } from './harness.ts';

// A node stopped and started again serves the blocks and results it served (the snapshot's
// block window), proves its state at the snapshot's height the same way, and goes on making the
// very blocks, app hashes included, that a node never stopped makes.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function served(node: ChainNode): Map<bigint, string> {
  const out = new Map<bigint, string>();
  const base = node.blocks.base ?? 0n;
  for (let height = base; height <= node.height; height++) {
    const block = node.blocks.get(height);
    if (block) out.set(height, JSON.stringify([blockJson(block, node.chainId), blockResultsJson(block)]));
  }
  return out;
}

const GROUP_SEQ_KEY = Uint8Array.of(0x01, 0x01);
const proofAt = (node: ChainNode, height: bigint) =>
  JSON.stringify(storeQuery(node, { path: '/store/group/key', key: GROUP_SEQ_KEY, height, prove: true }));

describe('a restarted node', () => {
  it('serves every block it served, proves the same, and goes on as an unstopped node', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'polity-proof-restart-'));
    dirs.push(dataDir);
    const first = openNode({ dataDir, livePeriodS: 30, keepRecent: 40 });
    first.advance(70, 2000);
    const before = served(first);
    const tip = first.height;
    const proof = proofAt(first, tip);
    expect(first.writeSnapshot()).toBe(true);

    const again = openNode({ dataDir, livePeriodS: 30, keepRecent: 40 });
    expect(again.restoration.snapshotHeight).toBe(tip);
    expect(again.blocks.base).toBe(first.blocks.base);
    expect(served(again)).toEqual(before);
    expect(proofAt(again, tip)).toBe(proof);

    const unstopped = openNode({ livePeriodS: 30 });
    unstopped.advance(90, 2000);
    again.advance(20, 2000);
    for (let height = tip + 1n; height <= again.height; height++) {
      expect(again.blocks.get(height)?.hash, `block ${height}`).toBe(unstopped.blocks.get(height)?.hash);
    }
    expect(again.blocks.latest?.signed?.stateHash).toBe(unstopped.blocks.latest?.signed?.stateHash);
  });
});
