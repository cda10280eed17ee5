import { randomBytes } from 'node:crypto';

import type { ArchiveStore } from '../store/archive-store.ts';

/** The writer's lease: renewed every 2 s, lost 6 s after its holder stops renewing it. */
const LEASE_MS = 6000;
const RENEW_MS = 2000;

/** What the archive's follower may do this turn: write, stand by (another process writes), or hold still. */
export type SeatTurn = 'write' | 'standby' | 'still';

/**
 * Whether this process's follower writes the archive now: its claim to be the one writer among
 * any number of readers of the same database (a lease), and a hold that keeps it still while a
 * gap fill is taken. Once held, the lease is renewed on a timer — a long read (a bootstrap, a
 * slow node) must not let it run out while the writer is alive — and every write renews it too,
 * failing whole once another process holds it.
 */
export class WriterSeat {
  /** Random: the status shows it to anyone, so it names no host or process. */
  readonly holder = `polity-${randomBytes(6).toString('hex')}`;
  private held = false;
  private still = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly store: ArchiveStore) {}

  /** Takes the lease when it is free; then the follower writes, unless it holds still for a fill. */
  async turn(): Promise<SeatTurn> {
    if (!(await this.hold())) return 'standby';
    return this.still ? 'still' : 'write';
  }

  /** Whether this process writes the archive (the lease was taken and not lost since). */
  get writes(): boolean {
    return this.held;
  }

  /** A fill is taken: the follower reads and writes nothing until `letGo`. */
  holdStill(): void {
    this.still = true;
  }

  letGo(): void {
    this.still = false;
  }

  private async hold(): Promise<boolean> {
    if (this.held) return true;
    this.held = await this.store.claimWriter(this.holder, LEASE_MS);
    if (this.held) this.keepRenewing();
    return this.held;
  }

  private keepRenewing(): void {
    this.timer ??= setInterval(() => {
      this.store.claimWriter(this.holder, LEASE_MS).then(
        (renewed) => (renewed ? undefined : this.lost()),
        // A renewal that fails (the database is unreachable) is not a loss yet: the next may work,
        // and a write checks the lease itself.
        () => undefined,
      );
    }, RENEW_MS);
    this.timer.unref();
  }

  /** After a write found the lease taken (or a renewal was refused): ask again before writing more. */
  lost(): void {
    this.held = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A clean stop: another process takes over at once instead of after the lease runs out. */
  async release(): Promise<void> {
    const wasHeld = this.held;
    this.lost();
    if (wasHeld) await this.store.releaseWriter();
  }
}
