import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { GroupState } from '../chain/group/genesis-state.ts';
import type { Millis } from '../chain/records.ts';
import type { UpgradeState } from '../chain/upgrade/keeper.ts';
import type { Cast, ChainParams } from './sim-chain.ts';

const PARAMS_FILE = 'chain.json';
const LOG_FILE = 'blocks.log';
const SNAPSHOT_FILE = 'snapshot.json';

/** A whole chain state at one height: a restart loads it and replays only later blocks. */
export interface Snapshot {
  params: ChainParams;
  height: bigint;
  time: Millis;
  prevTime: Millis;
  cast: Cast;
  book: [string, string][];
  group: GroupState;
  upgrade: UpgradeState;
}

const encodeBig = (_key: string, value: unknown) => (typeof value === 'bigint' ? { $big: value.toString() } : value);
const decodeBig = (_key: string, value: unknown) =>
  typeof value === 'object' && value !== null && '$big' in value && typeof value.$big === 'string'
    ? BigInt(value.$big)
    : value;

/**
 * The chain's files in its data dir: `chain.json` (what defines the chain), `blocks.log` (one
 * line per live block: height and time) and `snapshot.json` (written atomically).
 */
export class ChainFiles {
  private readonly paramsPath: string;
  private readonly logPath: string;
  private readonly snapshotPath: string;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.paramsPath = join(dataDir, PARAMS_FILE);
    this.logPath = join(dataDir, LOG_FILE);
    this.snapshotPath = join(dataDir, SNAPSHOT_FILE);
  }

  /** The params recorded by an earlier run, or, on first use, `fresh` (which is then recorded). */
  openParams(fresh: ChainParams): { params: ChainParams; isNew: boolean } {
    if (existsSync(this.paramsPath)) {
      return { params: JSON.parse(readFileSync(this.paramsPath, 'utf8')) as ChainParams, isNew: false };
    }
    writeFileSync(this.paramsPath + '.tmp', JSON.stringify(fresh, null, 2));
    renameSync(this.paramsPath + '.tmp', this.paramsPath);
    writeFileSync(this.logPath, '');
    return { params: fresh, isNew: true };
  }

  readBlockLog(): [bigint, Millis][] {
    if (!existsSync(this.logPath)) return [];
    const blocks: [bigint, Millis][] = [];
    const lines = readFileSync(this.logPath, 'utf8').split('\n');
    lines.pop(); // whatever follows the last newline is a line a hard kill cut short
    for (const line of lines) {
      const match = /^(\d+) (\d+)$/.exec(line);
      if (match) blocks.push([BigInt(match[1]), Number(match[2])]);
    }
    return blocks;
  }

  appendBlock(height: bigint, time: Millis): void {
    appendFileSync(this.logPath, `${height} ${time}\n`);
  }

  /** The snapshot of this chain, or null (none, unreadable, or of other params: replay instead). */
  readSnapshot(params: ChainParams): Snapshot | null {
    if (!existsSync(this.snapshotPath)) return null;
    try {
      const snapshot = JSON.parse(readFileSync(this.snapshotPath, 'utf8'), decodeBig) as Snapshot;
      return JSON.stringify(snapshot.params) === JSON.stringify(params) ? snapshot : null;
    } catch {
      return null; // unreadable: replaying from genesis gives the same state, only slower
    }
  }

  /** Temporary file, then rename: a kill mid-write keeps the previous snapshot. */
  writeSnapshot(snapshot: Snapshot): void {
    writeFileSync(this.snapshotPath + '.tmp', JSON.stringify(snapshot, encodeBig));
    renameSync(this.snapshotPath + '.tmp', this.snapshotPath);
  }
}
