import type { ArchiveStore } from '../store/archive-store.ts';
import { readCursor } from '../store/cursor/cursor-reads.ts';

// Where the archive's API reads: the writer's database (the primary), or one of its streaming
// replicas (`--archive-read-db`). Every answer says the height it is as of (the archived height
// of the database it read, or more: heights are read every half second, and only ever grow); a
// page that has seen a height asks for at least it, and a replica behind that, or more than
// MAX_LAG_BLOCKS behind the primary, is left for the primary. A page never goes back in time,
// and a replica that stops answering is passed over until it answers again.

export const MAX_LAG_BLOCKS = 20n;
const POLL_MS = 500;

export interface ReadCopyStatus {
  /** The replica's address without its password. */
  readonly url: string;
  readonly archived_height: string | null;
  readonly lag: string | null;
  /** Whether reads go to it now; when not, why. */
  readonly serving: boolean;
  readonly problem: string | null;
}

interface Copy {
  readonly url: string;
  /** Null until it opens: a replica that has not replayed the archive yet is opened later. */
  store: ArchiveStore | null;
  readonly open: () => Promise<ArchiveStore>;
  height: bigint | null;
  problem: string | null;
}

/** The database one read goes to, and the height its answer is as of (null: nothing archived yet). */
export interface ReadChoice {
  readonly store: ArchiveStore;
  readonly asOf: bigint | null;
  readonly from: 'primary' | 'replica';
}

const withoutPassword = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:…@');

export class ReadCopies {
  private primaryHeight: bigint | null = null;
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly copies: Copy[];

  constructor(
    private readonly primary: ArchiveStore,
    replicas: readonly { url: string; open: () => Promise<ArchiveStore> }[] = [],
  ) {
    this.copies = replicas.map(({ url, open }) => ({
      url: withoutPassword(url),
      store: null,
      open,
      height: null,
      problem: 'not opened yet',
    }));
  }

  /** Reads every height once now, then every half second (one read at a time). */
  async start(): Promise<void> {
    await this.poll();
    const again = () => {
      if (this.closed) return;
      this.timer = setTimeout(() => void this.poll().finally(again), POLL_MS);
      this.timer.unref();
    };
    again();
  }

  private async readPrimary(): Promise<void> {
    const primary = await readCursor(this.primary.db).catch(() => null);
    if (primary && (this.primaryHeight === null || primary.height > this.primaryHeight))
      this.primaryHeight = primary.height;
  }

  private async poll(): Promise<void> {
    await this.readPrimary();
    await Promise.all(
      this.copies.map(async (copy) => {
        try {
          copy.store ??= await copy.open();
          const cursor = await readCursor(copy.store.db);
          copy.problem = null;
          if (cursor && (copy.height === null || cursor.height > copy.height)) copy.height = cursor.height;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          copy.problem = copy.store === null ? `cannot be read: ${reason}` : `not answering: ${reason}`;
        }
      }),
    );
  }

  /** The primary is ahead of every copy of it: what any copy has read, it has too. */
  private primaryAtLeast(): bigint | null {
    let height = this.primaryHeight;
    for (const copy of this.copies)
      if (copy.height !== null && (height === null || copy.height > height)) height = copy.height;
    return height;
  }

  private lagOf(copy: Copy): bigint | null {
    if (copy.height === null || this.primaryHeight === null) return null;
    return this.primaryHeight > copy.height ? this.primaryHeight - copy.height : 0n;
  }

  private serves(copy: Copy, atLeast: bigint | null): boolean {
    if (copy.problem !== null || copy.height === null || copy.store === null) return false;
    const lag = this.lagOf(copy);
    if (lag !== null && lag > MAX_LAG_BLOCKS) return false;
    return atLeast === null || copy.height >= atLeast;
  }

  /**
   * A replica that has read at least `atLeast` (in turn among those), else the primary. A page
   * that asks past the last height read of the primary has it read again: its answer says the
   * height it has, never one it has not.
   */
  async choose(atLeast: bigint | null): Promise<ReadChoice> {
    const serving = this.copies.filter((copy) => this.serves(copy, atLeast));
    if (serving.length === 0) {
      const known = this.primaryAtLeast();
      if (atLeast !== null && (known === null || known < atLeast)) await this.readPrimary();
      return { store: this.primary, asOf: this.primaryAtLeast(), from: 'primary' };
    }
    const copy = serving[this.next++ % serving.length];
    return { store: copy.store ?? this.primary, asOf: copy.height, from: 'replica' };
  }

  /** What the status says of each replica. */
  status(): ReadCopyStatus[] {
    return this.copies.map((copy) => {
      const lag = this.lagOf(copy);
      const behind = lag !== null && lag > MAX_LAG_BLOCKS;
      return {
        url: copy.url,
        archived_height: copy.height?.toString() ?? null,
        lag: lag?.toString() ?? null,
        serving: this.serves(copy, null),
        problem:
          copy.problem ??
          (copy.height === null
            ? 'has archived nothing yet'
            : behind
              ? `more than ${MAX_LAG_BLOCKS} blocks behind the primary: reads go to the primary`
              : null),
      };
    });
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.closed = true;
    await Promise.all(this.copies.map((copy) => copy.store?.close().catch(() => undefined)));
  }
}
