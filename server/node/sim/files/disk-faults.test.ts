import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { chainWith, FaultyDisk, grow, linesAt, read, stateOf } from '../../../test/chain-files-kit.ts';
import { G, openNode } from '../../../test/harness.ts';
import { createPolityServer } from '../../gateway/http/http-server.ts';
import { QueryService } from '../../queries/query-service.ts';
import type { ChainNode } from '../chain-node.ts';
import { ChainDataError } from './persistence.ts';

async function durabilityHeader(node: ChainNode): Promise<string | null> {
  const server = createPolityServer({ queries: new QueryService(node, 'extended'), durability: node });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${G}/groups`);
  await response.text();
  server.closeAllConnections();
  server.close();
  return response.headers.get('x-polity-durability');
}

describe('a disk that fills up and is freed again', () => {
  it('makes no block while blocks.log cannot be written, says so once each way, and nothing differs after', async () => {
    const disk = new FaultyDisk();
    const { dir, node, history, log } = chainWith(10, disk);
    const stoppedAt = node.height;
    const logBefore = read(log);
    disk.full = true;
    for (let i = 0; i < 5; i++) expect(node.produceBlock(node.time + 2000)).toBe(false);
    expect(node.height).toBe(stoppedAt);
    expect(node.durabilityStalled).toBe(true);
    expect(await durabilityHeader(node)).toBe('stalled');
    expect(linesAt('error')).toEqual([
      expect.stringMatching(new RegExp(`cannot write .*blocks\\.log \\(ENOSPC.*stays at height ${stoppedAt}`)),
    ]);
    expect(read(log).equals(logBefore)).toBe(true); // the half-written line was taken back
    // A hard kill now: the restart is where the chain stopped, with what it showed there.
    const killed = openNode({ dataDir: dir });
    expect(stateOf(killed)).toBe(history.get(stoppedAt));

    disk.full = false;
    grow(node, 4, history);
    expect(node.height).toBe(stoppedAt + 4n);
    expect(node.durabilityStalled).toBe(false);
    expect(await durabilityHeader(node)).toBeNull();
    expect(linesAt('log')).toEqual([expect.stringMatching(/blocks\.log can be written again after 5 failed attempt/)]);
    const restarted = openNode({ dataDir: dir });
    expect(stateOf(restarted)).toBe(stateOf(node));

    // A second episode is reported as well.
    disk.full = true;
    expect(node.produceBlock(node.time + 2000)).toBe(false);
    expect(linesAt('error')).toHaveLength(2);
  });

  it('a partial line the disk will not let go of is overwritten by the next block, or cut at a restart', () => {
    const disk = new FaultyDisk();
    const { dir, node, history, log } = chainWith(6, disk);
    const good = read(log);
    disk.full = true;
    disk.cannotCut = true;
    expect(node.produceBlock(node.time + 2000)).toBe(false);
    expect(read(log).length).toBeGreaterThan(good.length); // the torn line is still there
    const killed = openNode({ dataDir: dir });
    expect(stateOf(killed)).toBe(history.get(node.height));
    expect(linesAt('warn')).toEqual([expect.stringContaining('dropping 1 damaged block line')]);
    writeFileSync(log, Buffer.concat([good, Buffer.from('77 1')])); // torn again, for the live node
    disk.full = false;
    disk.cannotCut = false;
    grow(node, 2, history);
    const restarted = openNode({ dataDir: dir });
    expect(linesAt('warn')).toHaveLength(1); // nothing left to cut: the append overwrote it
    expect(stateOf(restarted)).toBe(stateOf(node));
  });

  it('a data dir that is not writable at start-up is named', () => {
    const disk = new FaultyDisk();
    disk.full = true;
    const dir = join(chainWith(0).dir, 'fresh');
    expect(() => openNode({ dataDir: dir, writer: disk })).toThrow(ChainDataError);
    expect(() => openNode({ dataDir: dir, writer: disk })).toThrow(`cannot create ${join(dir, 'blocks.log')} (ENOSPC`);
  });
});

describe('snapshot write failures', () => {
  it('say that no block is lost, leave no .tmp, are reported per episode, and are retried', () => {
    const disk = new FaultyDisk();
    const { dir, node, history, snapshot } = chainWith(8, disk);
    node.writeSnapshot();
    const firstSnapshotHeight = node.height;
    grow(node, 4, history);
    disk.snapshotsFail = true;
    expect(node.writeSnapshot()).toBe(false);
    expect(node.writeSnapshot()).toBe(false);
    grow(node, 2, history); // blocks go on; the snapshot is retried at each
    expect(linesAt('error')).toEqual([
      expect.stringMatching(
        new RegExp(
          `cannot write .*snapshot\\.json at height \\d+ \\(ENOSPC.*No block is lost: .*blocks\\.log holds them all, ` +
            `and a restart replays them from the snapshot at height ${firstSnapshotHeight}`,
        ),
      ),
    ]);
    expect(existsSync(`${snapshot}.tmp`)).toBe(false);
    expect(openNode({ dataDir: dir }).restoration.snapshotHeight).toBe(firstSnapshotHeight);

    disk.snapshotsFail = false;
    grow(node, 1, history);
    expect(linesAt('log')).toEqual([
      expect.stringMatching(/snapshot\.json written again at height \d+ after 4 failed/),
    ]);
    expect(openNode({ dataDir: dir }).restoration).toEqual({ snapshotHeight: node.height, replayedBlocks: 0 });
    disk.snapshotsFail = true;
    expect(node.writeSnapshot()).toBe(false);
    expect(linesAt('error')).toHaveLength(2);
  });
});

describe('data dirs of an earlier Polity (lines "HEIGHT TIME", no hashes)', () => {
  const toLegacy = (log: string) =>
    readFileSync(log, 'utf8')
      .split('\n')
      .map((line) => line.split(' ').slice(0, 2).join(' '))
      .join('\n');

  it('are converted once, with a message, keeping the old files', () => {
    const { dir, node, history, log, snapshot } = chainWith(15);
    node.writeSnapshot();
    const legacyLog = toLegacy(log);
    writeFileSync(log, legacyLog + `${node.height + 1n} 12`); // and a line an old kill cut short
    writeFileSync(snapshot, '{"params":{"seed":"test-seed"},"height":{"$big":"1"}}');
    const converted = openNode({ dataDir: dir });
    expect(stateOf(converted)).toBe(history.get(node.height));
    expect(converted.restoration.snapshotHeight).toBeNull();
    expect(linesAt('warn')).toEqual([
      expect.stringMatching(
        /blocks\.log was in the format of an earlier Polity .*converted 15 blocks \(its unfinished/,
      ),
    ]);
    expect(readFileSync(`${log}.before-checksums`, 'utf8')).toBe(legacyLog + `${node.height + 1n} 12`);
    expect(existsSync(`${snapshot}.before-checksums`) && !existsSync(snapshot)).toBe(true);
    expect(stateOf(openNode({ dataDir: dir }))).toBe(history.get(node.height));
    expect(linesAt('warn')).toHaveLength(1);
  });

  it('are refused when damaged before the end (a disk-full line run into the next)', () => {
    const { dir, log } = chainWith(10);
    const lines = toLegacy(log).split('\n');
    lines.splice(4, 2, `${lines[4].split(' ')[0]} 17${lines[5]}`);
    writeFileSync(log, lines.join('\n'));
    expect(() => openNode({ dataDir: dir })).toThrow(
      new RegExp(`${join(dir, 'blocks.log')} is in the format of an earlier Polity .* damaged: line 5`),
    );
  });
});
