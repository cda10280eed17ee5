import { randomBytes } from 'node:crypto';

import type { ArchiveStore } from '../store/archive-store.ts';

/** The writer's lease: renewed every 2 s, lost 6 s after its holder stops renewing it. */
const LEASE_MS = 6000;
const RENEW_MS = 2000;

/**
 * This process's claim to be the archive's one writer among any number of readers of the same
 * database. Once held, it is renewed on a timer — a long read (a bootstrap, a slow node) must not
 * let it run out while the writer is alive — and every write renews it too, failing whole once
 * another process holds it.
 */
export class WriterLease {
  /** Random: the status shows it to anyone, so it names no host or process. */
  readonly holder = `polity-${randomBytes(6).toString('hex')}`;
  private held = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly store: ArchiveStore) {}

  /** Whether this process writes the archive now (taking the lease when it is free). */
  async hold(): Promise<boolean> {
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
