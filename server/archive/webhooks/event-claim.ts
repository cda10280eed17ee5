import { randomBytes } from 'node:crypto';

import type { ArchiveStore } from '../store/archive-store.ts';
import { claimEvent, releaseEventClaim, renewEventClaim } from '../store/webhooks/webhook-claims.ts';

// This process's claim on one outbox event while it sends it: renewed every third of its length,
// and given up on — `lost` aborts, which abandons the POST — before it could lapse in the
// database. The database counts a claim's length from when it ran the statement, which is after
// this process asked; so counting here from the asking can only end early, never late.

/** What is kept back from the claim's length before the POST is abandoned (a request already on the wire still has to land). */
const MARGIN = 0.1;

export class EventClaim {
  private readonly lostController = new AbortController();
  private renewTimer: NodeJS.Timeout | null = null;
  private lapseTimer: NodeJS.Timeout | null = null;
  private ended = false;

  private constructor(
    private readonly store: ArchiveStore,
    private readonly event: { url: string; seq: string },
    private readonly claim: string,
    private readonly claimMs: number,
  ) {}

  /** The claim on the event, or null when it is not this process's to send now. */
  static async take(
    store: ArchiveStore,
    event: { url: string; seq: string },
    holder: string,
    claimMs: number,
  ): Promise<EventClaim | null> {
    const claim = new EventClaim(store, event, `${holder}-${randomBytes(6).toString('hex')}`, claimMs);
    const askedAt = performance.now();
    if (!(await claimEvent(store.db, event, { claim: claim.claim, holder, claimMs }))) return null;
    claim.heldFrom(askedAt);
    claim.scheduleRenewal();
    return claim;
  }

  /** The attempt's token, which the outbox's writes for it must name. */
  get token(): string {
    return this.claim;
  }

  /** Aborted once this process can no longer be sure the claim is its own: the POST must stop. */
  get lost(): AbortSignal {
    return this.lostController.signal;
  }

  /** The attempt is over (the outbox was told how it went): no more renewals. */
  end(): void {
    this.ended = true;
    if (this.renewTimer) clearTimeout(this.renewTimer);
    if (this.lapseTimer) clearTimeout(this.lapseTimer);
  }

  /** The attempt was abandoned: another process may claim the event at once. */
  async release(): Promise<void> {
    this.end();
    await releaseEventClaim(this.store.db, this.event, this.claim);
  }

  private heldFrom(askedAt: number): void {
    if (this.lapseTimer) clearTimeout(this.lapseTimer);
    const left = askedAt + this.claimMs * (1 - MARGIN) - performance.now();
    this.lapseTimer = setTimeout(() => this.lostController.abort(), Math.max(0, left));
  }

  private scheduleRenewal(): void {
    this.renewTimer = setTimeout(() => void this.renew(), this.claimMs / 3);
  }

  private async renew(): Promise<void> {
    if (this.ended || this.lost.aborted) return;
    const askedAt = performance.now();
    try {
      const renewed = await renewEventClaim(this.store.db, this.event, { claim: this.claim, claimMs: this.claimMs });
      if (this.ended) return;
      if (!renewed) return this.lostController.abort();
      this.heldFrom(askedAt);
    } catch {
      // The database did not answer: not lost yet (the next renewal may work), and the lapse timer
      // still stops the POST in time if none does.
    }
    if (!this.ended && !this.lost.aborted) this.scheduleRenewal();
  }
}
