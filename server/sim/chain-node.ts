import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { GroupKeeper, type GroupState } from '../chain/group-keeper.ts';
import type { Millis } from '../chain/records.ts';
import { UpgradeKeeper, type UpgradeState } from '../chain/upgrade-keeper.ts';
import type { PaginationMode } from '../http/pagination.ts';
import { Accounts } from './accounts.ts';
import { buildGenesis, type Cast } from './genesis.ts';
import { liveStep } from './live.ts';

export type Scenario = 'demo' | 'large';

/** What defines a chain: the same params give the same chain, block for block. */
export interface ChainParams {
  seed: string;
  genesisTime: Millis;
  scenario: Scenario;
  /** Voting period of the policies the simulator submits live proposals to, in seconds. */
  livePeriodS: number;
}

export interface NodeOptions extends ChainParams {
  mode: PaginationMode;
  dataDir?: string;
}

const PARAMS_FILE = 'chain.json';
const LOG_FILE = 'blocks.log';
const SNAPSHOT_FILE = 'snapshot.json';
/** A snapshot every this many live blocks (and at a clean stop) keeps restarts short. */
const SNAPSHOT_EVERY = 5000n;

interface Snapshot {
  params: ChainParams;
  height: bigint;
  time: Millis;
  prevTime: Millis;
  cast: Cast;
  book: [string, string][];
  group: GroupState;
  upgrade: UpgradeState;
}

const encodeBig = (_k: string, v: unknown) => (typeof v === 'bigint' ? { $big: v.toString() } : v);
const decodeBig = (_k: string, v: unknown) =>
  typeof v === 'object' && v !== null && '$big' in v && typeof v.$big === 'string' ? BigInt(v.$big) : v;

/**
 * The simulated chain: keepers, block production and durability. State is rebuilt from the
 * chain's params plus the log of live block times, so a restart resumes at the same height with
 * the same ids, and a hard kill loses at most the block being written.
 */
export class ChainNode {
  readonly accounts: Accounts;
  readonly group: GroupKeeper;
  readonly upgrade = new UpgradeKeeper();
  readonly params: ChainParams;
  mode: PaginationMode;
  height = 0n;
  time: Millis = 0;
  /** Time of the block before the current one. */
  prevTime: Millis = 0;
  cast!: Cast;
  private readonly logPath?: string;
  private readonly snapshotPath?: string;
  private durabilityLost = false;

  private constructor(params: ChainParams, mode: PaginationMode, dataDir?: string) {
    this.params = params;
    this.mode = mode;
    this.logPath = dataDir && join(dataDir, LOG_FILE);
    // The large scenario rebuilds faster than it would load from JSON, so it takes no snapshots.
    this.snapshotPath = dataDir && params.scenario === 'demo' ? join(dataDir, SNAPSHOT_FILE) : undefined;
    this.accounts = new Accounts(params.seed);
    this.group = new GroupKeeper(this.accounts.book);
  }

  static open(opts: NodeOptions): ChainNode {
    let params: ChainParams = {
      seed: opts.seed,
      genesisTime: opts.genesisTime,
      scenario: opts.scenario,
      livePeriodS: opts.livePeriodS,
    };
    let blocks: [bigint, Millis][] = [];
    if (opts.dataDir) {
      mkdirSync(opts.dataDir, { recursive: true });
      const paramsPath = join(opts.dataDir, PARAMS_FILE);
      const logPath = join(opts.dataDir, LOG_FILE);
      if (existsSync(paramsPath)) {
        params = JSON.parse(readFileSync(paramsPath, 'utf8')) as ChainParams;
        blocks = existsSync(logPath) ? readBlockLog(readFileSync(logPath, 'utf8')) : [];
      } else {
        writeFileSync(paramsPath + '.tmp', JSON.stringify(params, null, 2));
        renameSync(paramsPath + '.tmp', paramsPath);
        writeFileSync(logPath, '');
      }
    }
    const node = new ChainNode(params, opts.mode, opts.dataDir);
    const snap = node.readSnapshot();
    if (snap) node.restore(snap);
    else node.cast = buildGenesis(node);
    for (const [h, t] of blocks) if (h > node.height) node.runBlock(h, t);
    return node;
  }

  private readSnapshot(): Snapshot | null {
    if (!this.snapshotPath || !existsSync(this.snapshotPath)) return null;
    try {
      const snap = JSON.parse(readFileSync(this.snapshotPath, 'utf8'), decodeBig) as Snapshot;
      return JSON.stringify(snap.params) === JSON.stringify(this.params) ? snap : null;
    } catch {
      return null; // unreadable: replaying from genesis gives the same state, only slower
    }
  }

  private restore(snap: Snapshot): void {
    for (const [a, k] of snap.book) this.accounts.book.set(a, k);
    this.group.importState(snap.group);
    this.upgrade.importState(snap.upgrade);
    this.cast = snap.cast;
    this.height = snap.height;
    this.time = snap.time;
    this.prevTime = snap.prevTime;
  }

  /** Writes the state atomically (temporary file, then rename): a kill mid-write keeps the old one. */
  writeSnapshot(): void {
    if (!this.snapshotPath) return;
    const snap: Snapshot = {
      params: this.params,
      height: this.height,
      time: this.time,
      prevTime: this.prevTime,
      cast: this.cast,
      book: [...this.accounts.book.entries()],
      group: this.group.exportState(),
      upgrade: this.upgrade.exportState(),
    };
    writeFileSync(this.snapshotPath + '.tmp', JSON.stringify(snap, encodeBig));
    renameSync(this.snapshotPath + '.tmp', this.snapshotPath);
  }

  /** Executes one block: upgrade at its height, the block's transactions, then the end-blocker. */
  block(height: bigint, time: Millis, txs: () => void): void {
    this.height = height;
    this.prevTime = this.time;
    this.time = time;
    this.upgrade.applyIfDue(height);
    txs();
    this.group.endBlock(time);
  }

  runBlock(height: bigint, time: Millis): void {
    this.block(height, time, () => liveStep(this));
  }

  /** Produces the next live block at `time` (clamped so block times strictly increase). */
  produceBlock(time: Millis): void {
    const t = Math.max(time, this.time + 1);
    const h = this.height + 1n;
    this.runBlock(h, t);
    try {
      if (this.logPath) appendFileSync(this.logPath, `${h} ${t}\n`);
      if (h % SNAPSHOT_EVERY === 0n) this.writeSnapshot();
    } catch (e) {
      // Keep serving; only durability is lost, and the operator hears about it once.
      if (!this.durabilityLost)
        console.error(
          `cannot write the chain's data (${e instanceof Error ? e.message : e}); blocks from ${h} on will not survive a restart`,
        );
      this.durabilityLost = true;
    }
  }

  /** Test helper: n blocks, `stepMs` apart. */
  advance(n: number, stepMs: number): void {
    for (let i = 0; i < n; i++) this.produceBlock(this.time + stepMs);
  }
}

function readBlockLog(text: string): [bigint, Millis][] {
  const out: [bigint, Millis][] = [];
  const lines = text.split('\n');
  lines.pop(); // whatever follows the last newline is a line a hard kill cut short
  for (const line of lines) {
    const m = /^(\d+) (\d+)$/.exec(line);
    if (m) out.push([BigInt(m[1]), Number(m[2])]);
  }
  return out;
}
