import { errorText } from '../source/error-text.ts';
import type { RestReader } from '../source/rest-reader.ts';
import type { RpcReader } from '../source/rpc-reader.ts';
import type { ArchiveStore } from '../store/archive-store.ts';
import { readCursor } from '../store/cursor-store.ts';
import {
  dropFill,
  fillSchemaOf,
  gapHeightsWithin,
  gapsInside,
  readReach,
  staleFills,
  takeFilledHistory,
  type ArchiveReach,
} from '../store/history-swap.ts';
import type { FollowerOptions, FollowerState } from './follower-state.ts';
import { findStart, type ArchiveFrom } from './start-point.ts';

// An archive with gaps — heights before the state it began from, or an outage longer than its
// node's window — fills them in the background from a node that has those heights, while it goes
// on following the tip. The history is rebuilt from the furthest state the node keeps, in a
// schema beside the archive, by a follower of its own; when that follower reaches the archive's
// cursor, the archive stops for a moment, the fill reads up to exactly the same block, and the
// archive takes the fill's history in one transaction (see history-swap.ts for why a rebuild).

/** The archive the filler fills: its store, where it stands, and a way to hold it still. */
export interface FillHost {
  readonly store: ArchiveStore;
  readonly state: FollowerState;
  /** The archive's last committed height, as far as its loop knows it now (null: read it from the store). */
  committedHeight(): bigint | null;
  /** Who holds the archive's writer lease here: a fill's schema is this writer's own. */
  readonly writerId: string;
  /** Why the node's index is not trusted (a fill must not trust it either), or null. */
  readonly indexDistrust: string | null;
  /** Resolves once the archive has written what it read and will read nothing more until `resume`. */
  pause(): Promise<void>;
  resume(): void;
}

/** A follower over another store (the fill), as the archive's own follower is made. */
export interface FillFollower {
  readonly state: FollowerState;
  start(): void;
  stop(): Promise<void>;
}
export type MakeFollower = (store: ArchiveStore, options: FollowerOptions) => FillFollower;

/** How often the archive's gaps are looked at again, when there was nothing the node could fill. */
const RECHECK_MS = 60_000;
/** The fill keeps reading while the archive goes on, until it is this close behind it. */
const CLOSE_BEHIND = 64n;
const WATCH_MS = 100;
/** How long the archive stays still while the fill reads its last blocks, at most: then it goes on, and so does the fill. */
const LAST_STRETCH_MS = 30_000;
/** A fill that has been failing this long is given up (and begun again later). */
const STUCK_MS = 120_000;
/** An archive gap left by reading through an index that turned out to leave heights out. */
const LYING_INDEX_GAP = /read through the node's index/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface FillPlan {
  from: ArchiveFrom;
  /** The archive holds a gap an index that left heights out caused: the fill must not use that index. */
  distrustIndex: string | undefined;
  /** The first height the fill covers. */
  covers: bigint;
  /** Gap heights of the archive the fill would fill. */
  missing: bigint;
}

export class GapFiller {
  private running = false;
  private done: Promise<void> = Promise.resolve();
  private fill: FillFollower | null = null;
  private wake: (() => void) | null = null;
  /** Resolves when stop is asked: a wait for the archive to hold still must not outlast it. */
  private stopping: Promise<void> = Promise.resolve();
  private stopped: () => void = () => undefined;

  constructor(
    private readonly host: FillHost,
    private readonly rpc: RpcReader,
    private readonly rest: RestReader,
    private readonly options: FollowerOptions,
    private readonly makeFollower: MakeFollower,
  ) {}

  /** Starts looking for gaps to fill (once; again after a stop). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = new Promise((resolve) => (this.stopped = resolve));
    this.done = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    this.stopped();
    await this.fill?.stop();
    await this.done;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let waitMs = this.options.fillRecheckMs ?? RECHECK_MS;
      try {
        const plan = await this.plan();
        // After a merge there may be more to fill; after anything else, the next look waits.
        if (plan && this.running && (await this.fillFrom(plan))) waitMs = 0;
      } catch (error) {
        this.host.state.fill = null;
        this.note(null, `filling gaps failed: ${errorText(error)}; trying again later`);
      }
      await this.pauseFor(waitMs);
    }
  }

  /** Waits, unless stopped meanwhile. */
  private pauseFor(ms: number): Promise<void> {
    if (ms === 0 || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** What this node can fill of the archive's gaps, or null (with the reason in the status) when nothing. */
  private async plan(): Promise<FillPlan | null> {
    const reach = await readReach(this.host.store.db);
    if (!reach.cursor || reach.start === null || reach.gaps.length === 0) return this.note(null);
    const status = await this.rpc.status();
    const asked = this.options.from;
    // `latest` began the archive at once; the history before it fills in behind, as for `earliest`.
    const from: ArchiveFrom = asked === undefined || asked === 'latest' ? 'earliest' : asked;
    let begins: bigint;
    let covers: bigint;
    if (from === 'genesis') {
      begins = status.earliestHeight - 1n;
      covers = status.earliestHeight;
    } else {
      const start = await findStart(from, status, this.rest);
      if (start.kind !== 'state') return this.note(null);
      begins = start.height;
      covers = start.height;
    }
    const missing = gapHeightsWithin(reach.gaps, covers, reach.cursor.height);
    if (missing === 0n) return this.unfillable(reach, covers);
    // Rebuilding from a later state than the archive's own would lose what only the archive holds.
    if (begins > reach.start) return this.unfillable(reach, covers);
    const lied = reach.gaps.find((gap) => LYING_INDEX_GAP.test(gap.reason));
    return this.note({ from, covers, missing, distrustIndex: lied?.reason });
  }

  /**
   * Holes inside the archive's own range (outages, states pruned under it) that this node cannot
   * fill are a problem worth saying; the heights before where the archive began are only its start.
   */
  private unfillable(reach: ArchiveReach, covers: bigint): null {
    const start = reach.start ?? 0n;
    const holes = reach.gaps.filter((gap) => BigInt(gap.from_height) > start && BigInt(gap.from_height) < covers);
    const first = holes[0];
    return this.note(
      null,
      first
        ? `heights ${first.from_height}-${holes[holes.length - 1].to_height} (in gaps) cannot be filled from this node: it keeps state from height ${covers} on (point the archive at a node that keeps them)`
        : null,
    );
  }

  /** Says in the status (and the log, when it changes) why nothing is filled now. */
  private note<T>(result: T, problem: string | null = null): T {
    if (problem !== null && problem !== this.host.state.fillProblem) this.options.log(`archive: ${problem}`);
    this.host.state.fillProblem = problem;
    return result;
  }

  /** True when the archive took a fill. */
  private async fillFrom(plan: FillPlan): Promise<boolean> {
    const db = this.host.store.db;
    const { mine, prefix } = await fillSchemaOf(db, this.host.writerId);
    // Only the writer fills: a fill left by an earlier run, or by a writer that lost its lease, is over.
    for (const stale of [...(await staleFills(db, prefix, mine)), mine]) {
      if (stale !== mine) this.options.log(`archive: a gap fill left by an earlier writer (${stale}) is dropped`);
      await dropFill(db, stale);
    }
    const cursor = (await readCursor(db))?.height ?? 0n;
    this.options.log(
      `archive: filling ${plan.missing} heights of its gaps from the node: rebuilding its history from height ${plan.covers} beside it, while following`,
    );
    const fillStore = await this.host.store.inSchema(mine);
    try {
      const filled = await this.rebuild(fillStore, mine, plan, cursor);
      if (filled) this.options.log(`archive: ${filled.said}`);
      return filled?.merged ?? false;
    } finally {
      this.host.state.fill = null;
      await fillStore.close();
      await dropFill(db, mine);
    }
  }

  /** Rebuilds the history in `fillStore` up to the archive's cursor and takes it; says what it did. */
  private async rebuild(
    fillStore: ArchiveStore,
    schema: string,
    plan: FillPlan,
    firstTarget: bigint,
  ): Promise<{ merged: boolean; said: string } | null> {
    let target = firstTarget;
    const fill = this.makeFollower(fillStore, {
      ...this.options,
      from: plan.from,
      fillGaps: false,
      until: () => target,
      distrustIndex: this.host.indexDistrust ?? plan.distrustIndex,
      log: (line) => this.options.log(line.replace(/^archive: /, 'archive gap fill: ')),
    });
    this.fill = fill;
    const progress = (phase: 'reading' | 'merging') => {
      this.host.state.fill = {
        phase,
        fromHeight: plan.covers,
        toHeight: target,
        doneHeight: fill.state.archivedHeight,
        blocksPerSecond: fill.state.blocksPerSecond,
      };
    };
    const watch = new FillWatch(fill);
    fill.start();
    try {
      for (;;) {
        // Far behind, the fill reads while the archive goes on: the target moves with it.
        for (;;) {
          if (!this.running) return null;
          watch.check();
          target = this.host.committedHeight() ?? target;
          progress('reading');
          const at = fill.state.archivedHeight;
          if (at !== null && at + CLOSE_BEHIND >= target) break;
          await sleep(WATCH_MS);
        }
        await Promise.race([this.host.pause(), this.stopping]);
        try {
          if (!this.running) return null;
          target = (await readCursor(this.host.store.db))?.height ?? target;
          const deadline = Date.now() + LAST_STRETCH_MS;
          while (fill.state.archivedHeight !== target && Date.now() < deadline && this.running) {
            watch.check();
            progress('merging');
            await sleep(WATCH_MS / 4);
          }
          if (!this.running) return null;
          // Not there in time (the archive had just read far ahead): it goes on, and so does the fill.
          if (fill.state.archivedHeight !== target) continue;
          await fill.stop();
          progress('merging');
          return await this.take(fillStore, schema, target);
        } finally {
          this.host.resume();
        }
      }
    } finally {
      this.fill = null;
      await fill.stop();
    }
  }

  /** Takes the fill's history when it holds the same block at the cursor and fewer gaps. */
  private async take(
    fillStore: ArchiveStore,
    schema: string,
    target: bigint,
  ): Promise<{ merged: boolean; said: string }> {
    const [archive, fill] = await Promise.all([readReach(this.host.store.db), readReach(fillStore.db)]);
    if (!archive.cursor || !fill.cursor || fill.cursor.height !== archive.cursor.height)
      throw new Error(`the fill stopped at height ${fill.cursor?.height ?? 'none'}, not at ${target}`);
    // An archive that came back after an outage holds no hash for the block where it resumed.
    if (archive.cursor.hash !== '' && fill.cursor.hash !== archive.cursor.hash)
      throw new Error(
        `the fill's block ${target} is ${fill.cursor.hash}, but the archive's is ${archive.cursor.hash}: not the same chain; nothing merged`,
      );
    const before = gapHeightsWithin(archive.gaps, 1n, target);
    const after = gapHeightsWithin(fill.gaps, 1n, target);
    // Every height the fill misses must be one the archive misses too: else it would lose rows.
    if (after >= before || !gapsInside(fill.gaps, archive.gaps, target)) {
      return {
        merged: false,
        said: `a gap fill from the node would not have filled the archive's gaps without opening others (${before} heights in gaps before, ${after} after); nothing merged`,
      };
    }
    await this.host.store.write((tx) => takeFilledHistory(tx, schema));
    // The history it replaced is dead rows now: on PGlite nothing would clear them or re-plan.
    await this.host.store.compact();
    return {
      merged: true,
      said: `gaps filled: ${before - after} heights up to ${target} now archived from the node; ${after} remain in gaps`,
    };
  }
}

/** Gives up a fill that its node refused, or that has been failing for minutes. */
class FillWatch {
  private failingSince: number | null = null;

  constructor(private readonly fill: FillFollower) {}

  check(): void {
    const { phase, problem, lastError } = this.fill.state;
    if (phase === 'refused') throw new Error(problem ?? 'the node refused the fill');
    if (phase !== 'retrying') {
      this.failingSince = null;
      return;
    }
    this.failingSince ??= Date.now();
    if (Date.now() - this.failingSince > STUCK_MS)
      throw new Error(`the fill has been failing for ${STUCK_MS / 1000} s: ${lastError ?? problem ?? 'no answer'}`);
  }
}
