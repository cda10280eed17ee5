import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { G, openNode, startHarness } from '../../../test/harness.ts';
import { groupInfoJson, proposalJson } from '../../gateway/json/record-json.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'polity-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const full = (n: ReturnType<typeof openNode>) =>
  JSON.stringify(
    { g: n.group.exportState(), u: n.upgrade.exportState(), gov: n.gov.exportState(), h: n.height, t: n.time },
    (_k, v) => (typeof v === 'bigint' ? `${v}n` : v),
  );

const snapshot = (n: ReturnType<typeof openNode>) =>
  [...n.group.store.proposals.values()].map(proposalJson).join('\n') +
  [...n.group.store.groups.values()].map(groupInfoJson).join('\n');

describe('durability', () => {
  it('resumes at the same height with the same ids after a restart', () => {
    const dataDir = tmp();
    const a = openNode({ dataDir, livePeriodS: 30 });
    a.advance(150, 2000);
    const height = a.height;
    const seq = a.group.store.proposalSeq;
    const snap = snapshot(a);
    // Flags that differ are overridden by what the data dir recorded.
    const b = openNode({ dataDir, seed: 'ignored', livePeriodS: 999 });
    expect(b.height).toBe(height);
    expect(b.group.store.proposalSeq).toBe(seq);
    expect(snapshot(b)).toBe(snap);
    b.advance(1, 2000);
    expect(b.group.store.proposalSeq).toBeGreaterThanOrEqual(seq);
    expect(b.height).toBe(height + 1n);
  });

  it('a restart loads the snapshot and replays only the blocks after it', () => {
    const dataDir = tmp();
    // One kept state: the snapshot is of the tip (a longer window's is of its earliest state).
    const first = openNode({ dataDir, livePeriodS: 30, keepRecent: 1 });
    first.advance(40, 2000);
    first.writeSnapshot();
    const snapshotHeight = first.height;
    first.advance(12, 2000);
    const state = snapshot(first);
    const second = openNode({ dataDir });
    expect(second.restoration).toEqual({ snapshotHeight, replayedBlocks: 12 });
    expect(second.height).toBe(first.height);
    expect(snapshot(second)).toBe(state);
    expect(openNode({ dataDir: tmp() }).restoration).toEqual({ snapshotHeight: null, replayedBlocks: 0 });
  });

  it('a line cut short by a hard kill loses only that block', () => {
    const dataDir = tmp();
    const a = openNode({ dataDir });
    a.advance(5, 2000);
    const log = join(dataDir, 'blocks.log');
    writeFileSync(log, readFileSync(log, 'utf8') + `${a.height + 1n} 17`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const b = openNode({ dataDir });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('dropping 1 damaged block line'));
    warn.mockRestore();
    expect(b.height).toBe(a.height);
  });
});

describe('the HTTP API is read-only', () => {
  it('non-GET requests change nothing', async () => {
    const h = await startHarness();
    const before = snapshot(h.node);
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      for (const path of [`${G}/group_info/1`, `${G}/proposal/2`, `${G}/groups`]) {
        const r = await h.get(path, { method, body: '{"admin":"x"}', headers: { 'content-type': 'application/json' } });
        expect(r.status).toBe(501);
      }
    }
    expect(snapshot(h.node)).toBe(before);
    await h.close();
  });
});

describe('snapshots', () => {
  it('a restart from a snapshot plus the blocks after it equals a full replay, and keeps living the same way', () => {
    const dataDir = tmp();
    const a = openNode({ dataDir, livePeriodS: 30 });
    a.advance(120, 2000);
    a.writeSnapshot();
    a.advance(80, 2000);
    const fromSnapshot = openNode({ dataDir });
    expect(fromSnapshot.height).toBe(a.height);
    expect(full(fromSnapshot)).toBe(full(a));
    // Same future: both produce the same next blocks.
    a.advance(100, 2000);
    fromSnapshot.advance(100, 2000);
    expect(full(fromSnapshot)).toBe(full(a));
    expect(
      JSON.stringify(fromSnapshot.upgrade.sortedVersions(), (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
    ).toBe(JSON.stringify(a.upgrade.sortedVersions(), (_k, v) => (typeof v === 'bigint' ? String(v) : v)));
  });

  it('an unreadable snapshot stops start-up naming it; moved away, the log rebuilds the same state', () => {
    const dataDir = tmp();
    const a = openNode({ dataDir });
    a.advance(30, 2000);
    a.writeSnapshot();
    writeFileSync(join(dataDir, 'snapshot.json'), '{not json');
    expect(() => openNode({ dataDir })).toThrow(join(dataDir, 'snapshot.json'));
    rmSync(join(dataDir, 'snapshot.json'));
    const b = openNode({ dataDir });
    expect(b.height).toBe(a.height);
    expect(full(b)).toBe(full(a));
  });
});
