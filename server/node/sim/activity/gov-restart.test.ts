import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { openNode } from '../../../test/harness.ts';
import type { ChainNode } from '../chain-node.ts';
import { decodeSnapshot, encodeSnapshot } from '../files/snapshot-file.ts';

// x/gov's state lives in the snapshot and is remade by replaying blocks.log, so a node restarted
// in the middle of a vote makes the same blocks, byte for byte, as the one that kept running.

const dirs: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'polity-gov-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const govState = (node: ChainNode) =>
  JSON.stringify(node.gov.exportState(), (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));

function hashes(node: ChainNode, from: bigint, to: bigint): (string | undefined)[] {
  const out = [];
  for (let height = from; height <= to; height++) out.push(node.blocks.get(height)?.hash);
  return out;
}

/** A chain that has passed a cancel and is in the middle of its next vote (seed chosen for it). */
function midVote(dataDir: string): ChainNode {
  // One kept state: a snapshot is then of the tip, which these tests replay from.
  const node = openNode({ dataDir, seed: 'block-search', livePeriodS: 30, keepRecent: 1 });
  node.advance(58, 5000);
  while (node.gov.store.votingQueue.size === 0) node.advance(1, 5000);
  return node;
}

describe('x/gov across restarts', () => {
  it('a restart mid-vote, from the snapshot or from the log alone, remakes the same blocks', () => {
    const dataDir = tmp();
    const running = midVote(dataDir);
    const live = running.height - 58n;
    running.writeSnapshot();
    const snapshotHeight = running.height;
    running.advance(130, 5000);
    // The replayed stretch holds votes, a passing proposal and the plan it scheduled being applied.
    const replayed = hashes(running, snapshotHeight + 1n, running.height);
    const stretch = Array.from({ length: 130 }, (_, i) => running.blocks.get(snapshotHeight + 1n + BigInt(i))!);
    expect(stretch.some((block) => block.finalizeEvents.some((event) => event.type === 'active_proposal'))).toBe(true);
    expect(running.upgrade.done.length).toBe(3);

    const fromSnapshot = openNode({ dataDir });
    expect(fromSnapshot.restoration).toEqual({ snapshotHeight, replayedBlocks: 130 });
    expect(hashes(fromSnapshot, snapshotHeight + 1n, running.height)).toEqual(replayed);
    expect(govState(fromSnapshot)).toBe(govState(running));

    rmSync(join(dataDir, 'snapshot.json'));
    const fromLog = openNode({ dataDir });
    expect(fromLog.restoration.snapshotHeight).toBeNull();
    expect(hashes(fromLog, live, running.height)).toEqual(hashes(running, live, running.height));
    expect(govState(fromLog)).toBe(govState(running));

    // And the three keep making the same chain.
    for (const node of [running, fromSnapshot, fromLog]) node.advance(40, 5000);
    const next = hashes(running, running.height - 39n, running.height);
    expect(hashes(fromSnapshot, running.height - 39n, running.height)).toEqual(next);
    expect(hashes(fromLog, running.height - 39n, running.height)).toEqual(next);
  });

  it('a snapshot from before x/gov existed still loads, gov starting from its genesis', () => {
    const dataDir = tmp();
    const node = midVote(dataDir);
    node.writeSnapshot();
    const path = join(dataDir, 'snapshot.json');
    const text = readFileSync(path, 'utf8');
    const { header, snapshot } = decodeSnapshot(text);
    delete snapshot.gov;
    writeFileSync(path, encodeSnapshot(snapshot, header.logHash));
    const restored = openNode({ dataDir });
    expect(restored.height).toBe(node.height);
    expect(restored.gov.store.proposals.size).toBe(0);
    expect(restored.gov.store.stake).toEqual(node.gov.store.stake);
    restored.advance(20, 5000);
    expect(restored.gov.store.nextProposalId).toBeGreaterThan(1n);
  });
});
