import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { openNode } from '../../test/harness.ts';
import { compareAnswers, servedAnswers, serveNode, type Answers } from '../../test/served-answers-kit.ts';
import type { ChainNode } from './chain-node.ts';

// A node stopped and started again serves what it served: every kept block and its results, and
// at every kept height the same pinned reads and the same store proofs, byte for byte, with the
// same earliest heights. After a clean stop (a snapshot of the earliest kept state), and after a
// stop with no snapshot since (as a kill leaves it). Then it goes on making the very blocks, app
// hashes included, that a node never stopped makes.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const KEEP = { livePeriodS: 30, keepRecent: 25, keepBlocks: 60 };

async function answersOf(node: ChainNode): Promise<Answers> {
  const served = await serveNode(node);
  try {
    return await servedAnswers(served.base, node.earliestStateHeight);
  } finally {
    await served.close();
  }
}

describe('a restarted node', () => {
  it('serves every block, pinned read and proof it served, after a clean stop and after a kill', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'polity-proof-restart-'));
    dirs.push(dataDir);
    const first = openNode({ dataDir, ...KEEP });
    first.advance(90, 2000);
    const before = await answersOf(first);
    // Answers, not refusals: the pinned reads and proofs at every kept height, the blocks.
    const answered = [...before].filter(([what, answer]) => what !== 'earliest block' && !answer.startsWith('200 '));
    expect(answered).toEqual([]);
    const proofs = [...before].filter(([what]) => what.startsWith('proof '));
    expect(proofs.length).toBe(3 * KEEP.keepRecent);
    expect(proofs.every(([, answer]) => answer.includes('ics23:simple'))).toBe(true);
    expect(first.writeSnapshot()).toBe(true);

    const again = openNode({ dataDir, ...KEEP });
    expect(again.restoration.snapshotHeight).toBe(first.height - BigInt(KEEP.keepRecent - 1));
    expect(again.earliestStateHeight).toBe(first.earliestStateHeight);
    const afterStop = await answersOf(again);
    expect([...afterStop.keys()]).toEqual([...before.keys()]);
    expect(compareAnswers(before, afterStop).differ).toEqual([]);

    // Blocks after the snapshot, then no clean stop: the next start replays them from the log.
    again.advance(12, 2000);
    const beforeKill = await answersOf(again);
    const afterKill = await answersOf(openNode({ dataDir, ...KEEP }));
    expect([...afterKill.keys()]).toEqual([...beforeKill.keys()]);
    expect(compareAnswers(beforeKill, afterKill).differ).toEqual([]);

    const unstopped = openNode(KEEP);
    unstopped.advance(102, 2000);
    again.advance(20, 2000);
    unstopped.advance(20, 2000);
    for (let height = first.height + 1n; height <= again.height; height++) {
      expect(again.blocks.get(height)?.hash, `block ${height}`).toBe(unstopped.blocks.get(height)?.hash);
    }
    expect(again.blocks.latest?.signed?.stateHash).toBe(unstopped.blocks.latest?.signed?.stateHash);
  }, 120_000);
});
