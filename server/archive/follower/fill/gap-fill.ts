import { errorText } from '../../source/error-text.ts';
import type { ArchiveStore } from '../../store/archive-store.ts';
import { readCursor } from '../../store/cursor/cursor-reads.ts';
import { dropFill, fillSchemaOf, staleFills } from '../../store/cursor/history-swap.ts';
import type { FollowerState } from '../lane/follower-state.ts';
import { Lane } from '../lane/lane.ts';
import { takeFill } from './fill-merge.ts';
import { planFill, type FillPlan } from './fill-plan.ts';

// An archive with gaps — heights before the state it began from, or an outage longer than its
// node's window — fills them in the background from a node that has those heights, while it goes
// on following the tip. The history is rebuilt from the furthest state the node keeps, in a
// schema beside the archive, by a lane of its own that the scheduler moves through the same
// pipelines; when the fill is close behind the archive's cursor, the archive holds still, the
// fill reads up to exactly the same block, and the archive takes the fill's history in one
// transaction (see history-swap.ts for why a rebuild).

/** How often the archive's gaps are looked at again, when there was nothing the node could fill. */
const RECHECK_MS = 60_000;
/** The fill keeps reading while the archive goes on, until it is this close behind it. */
const CLOSE_BEHIND = 64n;
/** A fill that has been failing this long is given up (and begun again later). */
const STUCK_MS = 120_000;

interface OpenFill {
  lane: Lane;
  store: ArchiveStore;
  schema: string;
  plan: FillPlan;
  /** The archive's cursor, which the fill must reach: it moves with the archive until the fill is taken. */
  target: bigint;
  /** Since when the fill's lane has been failing, or null. */
  failingSince: number | null;
}

/** The gap fill of one archive (`archive`, written by `writer`): looked for, read, and taken or dropped. */
export class GapFill {
  private open: OpenFill | null = null;

  constructor(
    private readonly archive: Lane,
    private readonly writer: string,
  ) {}

  /** The fill's own lane while one is under way. */
  get lane(): Lane | null {
    return this.open?.lane ?? null;
  }

  private get recheckMs(): number {
    return this.archive.options.fillRecheckMs ?? RECHECK_MS;
  }

  private get state(): FollowerState {
    return this.archive.state;
  }

  /** Looks for gaps this node can fill, and begins a fill when there are: how long until the next turn. */
  async look(): Promise<number> {
    const { rpc, rest, options, store } = this.archive;
    const planned = await planFill(store.db, { rpc, rest, from: options.from });
    if ('problem' in planned) {
      this.note(planned.problem);
      return this.recheckMs;
    }
    this.note(null);
    await this.begin(planned.plan);
    return 0;
  }

  /** Drops fills left by an earlier run, then opens this writer's fill beside the archive. */
  private async begin(plan: FillPlan): Promise<void> {
    const { store, options } = this.archive;
    const { mine, prefix } = await fillSchemaOf(store.db, this.writer);
    // Only the writer fills: a fill left by an earlier run, or by a writer that lost its lease, is over.
    for (const stale of [...(await staleFills(store.db, prefix, mine)), mine]) {
      if (stale !== mine) options.log(`archive: a gap fill left by an earlier writer (${stale}) is dropped`);
      await dropFill(store.db, stale);
    }
    const target = (await readCursor(store.db))?.height ?? 0n;
    options.log(
      `archive: filling ${plan.missing} heights of its gaps from the node: rebuilding its history from height ${plan.covers} beside it, while following`,
    );
    const fillStore = await store.inSchema(mine);
    const lane = new Lane(fillStore, this.archive.rpc, this.archive.rest, {
      ...options,
      from: plan.from,
      fillGaps: false,
      until: () => this.open?.target ?? target,
      distrustIndex: this.archive.state.indexUnused ?? plan.distrustIndex,
      log: (line) => options.log(line.replace(/^archive: /, 'archive gap fill: ')),
    });
    this.open = { lane, store: fillStore, schema: mine, plan, target, failingSince: null };
  }

  /** After a turn of the fill's lane: the target moves with the archive's cursor (`committed`, when known). */
  follow(committed: bigint | null): void {
    const fill = this.watched();
    fill.target = committed ?? fill.target;
    this.progress('reading');
  }

  /** Close enough behind the archive that the archive may hold still while the fill reads its last blocks. */
  get closeBehind(): boolean {
    const at = this.open?.lane.state.archivedHeight ?? null;
    return this.open !== null && at !== null && at + CLOSE_BEHIND >= this.open.target;
  }

  /** The archive holds still: the fill's target is its cursor, as stored. */
  async aim(): Promise<void> {
    const fill = this.watched();
    fill.target = (await readCursor(this.archive.store.db))?.height ?? fill.target;
  }

  /** The fill holds the block at the archive's cursor. */
  get reached(): boolean {
    return this.open !== null && this.open.lane.state.archivedHeight === this.open.target;
  }

  /** While the archive holds still: the fill is watched as it reads its last blocks. */
  merging(): void {
    this.watched();
    this.progress('merging');
  }

  /** Takes the fill's history into the archive (when it fills more than it opens); how long until the next look. */
  async take(): Promise<number> {
    const fill = this.watched();
    fill.lane.halted = true;
    await fill.lane.finishWriting();
    this.progress('merging');
    const taken = await takeFill(this.archive.store, fill.store, fill.schema, fill.target);
    this.archive.options.log(`archive: ${taken.said}`);
    await this.drop();
    // After a merge there may be more to fill; after anything else, the next look waits.
    return taken.merged ? 0 : this.recheckMs;
  }

  /** The fill failed: it is dropped and looked for again later. */
  async failed(error: unknown): Promise<number> {
    await this.drop();
    this.note(`filling gaps failed: ${errorText(error)}; trying again later`);
    return this.recheckMs;
  }

  /** Ends the fill under way, if any: its lane stops, its schema is dropped. */
  async drop(): Promise<void> {
    const fill = this.open;
    this.open = null;
    this.state.fill = null;
    if (!fill) return;
    fill.lane.halted = true;
    await fill.lane.finishWriting().catch(() => undefined);
    await fill.store.close();
    await dropFill(this.archive.store.db, fill.schema);
  }

  /** The fill under way, given up when its node refused it or it has been failing for minutes. */
  private watched(): OpenFill {
    const fill = this.open;
    if (!fill) throw new Error('no gap fill is under way');
    const { phase, problem, lastError } = fill.lane.state;
    if (phase === 'refused') throw new Error(problem ?? 'the node refused the fill');
    if (phase !== 'retrying') fill.failingSince = null;
    else {
      fill.failingSince ??= Date.now();
      if (Date.now() - fill.failingSince > STUCK_MS)
        throw new Error(`the fill has been failing for ${STUCK_MS / 1000} s: ${lastError ?? problem ?? 'no answer'}`);
    }
    return fill;
  }

  private progress(phase: 'reading' | 'merging'): void {
    const fill = this.open;
    if (!fill) return;
    this.state.fill = {
      phase,
      fromHeight: fill.plan.covers,
      toHeight: fill.target,
      doneHeight: fill.lane.state.archivedHeight,
      blocksPerSecond: fill.lane.state.blocksPerSecond,
    };
  }

  /** Says in the status (and the log, when it changes) why nothing is filled now. */
  private note(problem: string | null): void {
    if (problem !== null && problem !== this.state.fillProblem) this.archive.options.log(`archive: ${problem}`);
    this.state.fillProblem = problem;
  }
}
