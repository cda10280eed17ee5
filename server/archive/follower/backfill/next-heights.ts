import type { OpenWork } from '../lane/open-work.ts';
import type { BlockClock } from './block-clock.ts';

/** The next heights that must be read after `last`: named by the index, or computed. */
export class NextHeights {
  private position = 0;
  /** Each open proposal's first block after its voting end, once found (null: not in this stretch). */
  private readonly due = new Map<string, bigint | null>();
  /** Searches for the due block of proposals seen submitted in blocks read ahead, begun then. */
  private readonly foreseen = new Map<string, Promise<bigint | null>>();
  /** Their answers, as they come: blocks to read ahead (and proposals to read there) before the submission is even finished. */
  private readonly foreseenAt = new Map<string, bigint>();

  constructor(
    private readonly named: readonly bigint[],
    private readonly clock: BlockClock,
    private readonly to: bigint,
    private readonly endOfStretch: number,
  ) {}

  /**
   * Finds the due block of every open proposal that needs it, all at once: each is a search of
   * block headers, and one after another they were a quarter of a stretch's time.
   */
  private async findDue(last: bigint, work: OpenWork): Promise<void> {
    const open = work.openProposals();
    // A proposal decided early, withdrawn or aborted has no due block to read any more.
    const ids = new Set(open.map(({ id }) => id));
    for (const id of this.due.keys()) if (!ids.has(id)) this.due.delete(id);
    const needed = open.filter(({ id, endsAt }) => {
      if (endsAt >= this.endOfStretch) return false;
      const due = this.due.get(id);
      // Still open after its due block (decided a block later at worst): look again from here.
      return due === undefined || (due !== null && due <= last);
    });
    await Promise.all(
      needed.map(async ({ id, endsAt }) => {
        const foreseen = this.due.has(id) ? undefined : this.foreseen.get(id);
        this.foreseen.delete(id);
        this.foreseenAt.delete(id);
        // A search begun from the submission's block finds the same block: nothing before it was due.
        const found = foreseen ? await foreseen : await this.clock.firstAfter(endsAt, last + 1n, this.to);
        this.due.set(id, found);
      }),
    );
  }

  /** Begins the search for the due block of a proposal submitted at `height` (read ahead). */
  foresee(id: string, endsAt: number, height: bigint): void {
    if (this.due.has(id) || this.foreseen.has(id) || endsAt >= this.endOfStretch) return;
    const search = this.clock.firstAfter(endsAt, height + 1n, this.to);
    search.then(
      (due) => (due !== null && this.foreseen.has(id) ? this.foreseenAt.set(id, due) : undefined),
      () => undefined,
    );
    this.foreseen.set(id, search);
  }

  /**
   * Up to `count` heights after `last` that will be read, as known now: named, due, or a plan's;
   * `ahead`: also the due blocks of proposals read ahead but not finished yet (a guess: reading a
   * block that turns out not to be needed costs a read, nothing else).
   */
  upcoming(last: bigint, count: number, work: OpenWork, ahead = false): bigint[] {
    const heights = new Set(this.named.slice(this.position, this.position + count));
    for (const due of this.due.values()) if (due !== null && due > last) heights.add(due);
    if (ahead) for (const due of this.foreseenAt.values()) if (due > last) heights.add(due);
    for (const plan of work.pendingPlans())
      if (BigInt(plan.height) > last && BigInt(plan.height) <= this.to) heights.add(BigInt(plan.height));
    return [...heights].sort((a, b) => (a < b ? -1 : 1)).slice(0, count);
  }

  /** Proposals whose due block is `height`, as known now: their reads there can start early. */
  dueAt(height: bigint): string[] {
    const ids = new Set([...this.due].filter(([, due]) => due === height).map(([id]) => id));
    for (const [id, due] of this.foreseenAt) if (due === height) ids.add(id);
    return [...ids];
  }

  /** The next height to read after `last` (null: none in this stretch). */
  async after(last: bigint, work: OpenWork): Promise<bigint | null> {
    while (this.position < this.named.length && this.named[this.position] <= last) this.position++;
    await this.findDue(last, work);
    return this.upcoming(last, 1, work)[0] ?? null;
  }
}
