import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GroupKeeper } from '../chain/group-keeper.ts';
import type { Millis } from '../chain/records.ts';
import { UpgradeKeeper } from '../chain/upgrade-keeper.ts';
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

  private constructor(params: ChainParams, mode: PaginationMode, logPath?: string) {
    this.params = params;
    this.mode = mode;
    this.logPath = logPath;
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
    let logPath: string | undefined;
    if (opts.dataDir) {
      mkdirSync(opts.dataDir, { recursive: true });
      const paramsPath = join(opts.dataDir, PARAMS_FILE);
      logPath = join(opts.dataDir, LOG_FILE);
      if (existsSync(paramsPath)) {
        params = JSON.parse(readFileSync(paramsPath, 'utf8')) as ChainParams;
        blocks = existsSync(logPath) ? readBlockLog(readFileSync(logPath, 'utf8')) : [];
      } else {
        writeFileSync(paramsPath + '.tmp', JSON.stringify(params, null, 2));
        writeFileSync(paramsPath, JSON.stringify(params, null, 2));
        writeFileSync(logPath, '');
      }
    }
    const node = new ChainNode(params, opts.mode, logPath);
    node.cast = buildGenesis(node);
    for (const [h, t] of blocks) node.runBlock(h, t);
    return node;
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

  private runBlock(height: bigint, time: Millis): void {
    this.block(height, time, () => liveStep(this));
  }

  /** Produces the next live block at `time` (clamped so block times strictly increase). */
  produceBlock(time: Millis): void {
    const t = Math.max(time, this.time + 1);
    const h = this.height + 1n;
    this.runBlock(h, t);
    if (this.logPath) appendFileSync(this.logPath, `${h} ${t}\n`);
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
