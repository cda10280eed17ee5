import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

import type { ArchiveStore } from '../store/archive-store.ts';

/** The writer's lease: renewed every 2 s at most, lost 6 s after its holder stops renewing it. */
const LEASE_MS = 6000;
const RENEW_MS = 2000;

/**
 * This process's claim to be the archive's one writer among any number of readers of the same
 * database. Every write renews the lease too, and fails whole once another process holds it.
 */
export class WriterLease {
  private readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private renewed = 0;

  constructor(private readonly store: ArchiveStore) {}

  /** Whether this process writes the archive now (taking or renewing the lease when due). */
  async hold(): Promise<boolean> {
    const now = performance.now();
    if (this.renewed > 0 && now - this.renewed < RENEW_MS) return true;
    const held = await this.store.claimWriter(this.holder, LEASE_MS);
    this.renewed = held ? now : 0;
    return held;
  }

  /** After a write found the lease taken: ask again before writing anything more. */
  lost(): void {
    this.renewed = 0;
  }

  /** A clean stop: another process takes over at once instead of after the lease runs out. */
  async release(): Promise<void> {
    this.renewed = 0;
    await this.store.releaseWriter();
  }
}
