import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, vi } from 'vitest';

import type { ChainNode } from '../node/sim/chain-node.ts';
import { fsWriter, withTemporaryRemoved, type DurableWriter } from '../node/sim/files/durable-writer.ts';
import { openNode } from './harness.ts';

// Shared by the chain-file tests: temporary data dirs, captured console lines, a record of the
// state at every height (so a restart can be held to "the same state at the same height"), and
// a disk that can be made to fail.

const dirs: string[] = [];

export function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'polity-files-'));
  dirs.push(dir);
  return dir;
}

export interface ConsoleLine {
  level: 'log' | 'warn' | 'error';
  text: string;
}

export const consoleLines: ConsoleLine[] = [];

beforeEach(() => {
  consoleLines.length = 0;
  for (const level of ['log', 'warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleLines.push({ level, text: args.map(String).join(' ') });
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

export const linesAt = (level: ConsoleLine['level']) =>
  consoleLines.filter((l) => l.level === level).map((l) => l.text);

/** Everything a reader could see at the node's height. */
export const stateOf = (node: ChainNode) =>
  JSON.stringify(
    {
      group: node.group.exportState(),
      upgrade: node.upgrade.exportState(),
      gov: node.gov.exportState(),
      height: node.height,
      time: node.time,
    },
    (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value),
  );

/** State by height, as the running node showed it. */
export type History = Map<bigint, string>;

export function grow(node: ChainNode, blocks: number, history: History): void {
  if (!history.has(node.height)) history.set(node.height, stateOf(node));
  for (let i = 0; i < blocks; i++) {
    if (node.produceBlock(node.time + 2000)) history.set(node.height, stateOf(node));
  }
}

/** A chain in a fresh data dir with `blocks` live blocks, and its history. */
export function chainWith(blocks: number, writer?: DurableWriter) {
  const dir = dataDir();
  // One kept state: a snapshot is then of the tip, as the tests of the files take it to be.
  const node = openNode({ dataDir: dir, livePeriodS: 30, writer, keepRecent: 1 });
  const history: History = new Map();
  grow(node, blocks, history);
  return { dir, node, history, log: join(dir, 'blocks.log'), snapshot: join(dir, 'snapshot.json') };
}

export const read = (path: string) => readFileSync(path);

/** Rewrites a text file line by line. */
export function editLines(path: string, edit: (lines: string[]) => string[]): void {
  const lines = readFileSync(path, 'utf8').split('\n');
  writeFileSync(path, edit(lines).join('\n'));
}

const diskError = (code: string, what: string) =>
  Object.assign(new Error(`${code}: ${what}, write`), { code, errno: -28, syscall: 'write' });

/**
 * The real writer, until told to fail: `full` writes half of what it is asked and then fails
 * with ENOSPC (a temporary file half-written too); `cannotCut` also refuses to truncate, like a
 * filesystem gone read-only; `snapshotsFail` fails only snapshot writes.
 */
export class FaultyDisk implements DurableWriter {
  full = false;
  cannotCut = false;
  snapshotsFail = false;

  writeAt(path: string, offset: number, text: string): void {
    if (!this.full) return fsWriter.writeAt(path, offset, text);
    fsWriter.writeAt(path, offset, text.slice(0, Math.ceil(text.length / 2)));
    throw diskError('ENOSPC', 'no space left on device');
  }

  truncate(path: string, length: number): void {
    if (this.cannotCut) throw diskError('EROFS', 'read-only file system');
    fsWriter.truncate(path, length);
  }

  replaceFile(path: string, text: string | Uint8Array): void {
    if (!this.full && !(this.snapshotsFail && path.endsWith('snapshot.json'))) return fsWriter.replaceFile(path, text);
    writeFileSync(`${path}.tmp`, typeof text === 'string' ? text.slice(0, 100) : text.subarray(0, 100));
    throw withTemporaryRemoved(diskError('ENOSPC', 'no space left on device'), `${path}.tmp`);
  }

  move(from: string, to: string): void {
    if (this.full) throw diskError('ENOSPC', 'no space left on device');
    fsWriter.move(from, to);
  }
}
