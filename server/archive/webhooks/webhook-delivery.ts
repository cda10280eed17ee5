import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import type { ArchiveChainName } from '../chain-name.ts';
import type { ArchiveStore } from '../store/archive-store.ts';
import { enqueueEvents, markDelivered, markFailed, readDueKeys, readKeyRun } from '../store/webhooks/webhook-outbox.ts';
import { claimReceiver, registerReceiver, releaseReceiver } from '../store/webhooks/webhook-receivers.ts';
import { EventClaim } from './event-claim.ts';
import { eventsOf } from './webhook-events.ts';
import { receiverLabel, type WebhookConfig } from './webhook-options.ts';
import { postEvent } from './webhook-post.ts';

// Sends every event the archive stores to each --webhook receiver, beside the follower (never in
// its loop: a receiver that hangs or fails holds up only its own deliveries). Events are made
// from the stored facts into an outbox in the database, so a receiver that is down, or a restart
// of Polity, loses none; each goes out until the receiver answers 2xx (at least once), and the
// events of one proposal never overtake each other. Processes sharing one database take turns on
// a receiver (a lease), and each event is claimed while it is sent, so no two send it.

/** Heights of facts turned into events per transaction (kept short: on PGlite it holds back the follower's writes). */
const HEIGHTS_PER_SCAN = 500n;
/** Ordering keys sent side by side, and events of one key sent per round. */
const KEYS_AT_ONCE = 8;
const EVENTS_PER_KEY = 50;

/** The delay before retry number `attempt` (1 for the first): doubling from the first, capped, ±25 %. */
export function retryDelay(attempt: number, retry: WebhookConfig['retry'], random: () => number = Math.random) {
  const doubled = retry.firstMs * 2 ** Math.min(attempt - 1, 40);
  return Math.min(retry.maxMs, doubled) * (0.75 + random() / 2);
}

export class WebhookDelivery {
  /** Random: it is stored in the database as the deliverer, and names no host or process. */
  private readonly holder = `webhooks-${randomBytes(6).toString('hex')}`;
  private readonly stopping = new AbortController();
  private loops: Promise<void>[] = [];

  constructor(
    private readonly store: ArchiveStore,
    private readonly config: WebhookConfig,
    /** The chain each event names (its archive's: `local`, an upstream's or a registry chain's name). */
    private readonly chain: ArchiveChainName,
    private readonly log: (line: string) => void,
  ) {}

  start(): void {
    this.loops = this.config.urls.map((url) => this.serve(url));
  }

  /** Stops at once (an attempt under way is abandoned: its event stays in the outbox) and hands the receivers over. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all(this.loops);
    const db = this.store.db;
    await Promise.all(this.config.urls.map((url) => releaseReceiver(db, url, this.holder).catch(() => undefined)));
  }

  private async serve(url: string): Promise<void> {
    const receiver = new ReceiverRounds(this.store, this.config, url, {
      holder: this.holder,
      chain: this.chain,
      stopping: this.stopping.signal,
      log: (line) => this.log(`webhook ${receiverLabel(url)}: ${line}`),
    });
    while (!this.stopping.signal.aborted) {
      const busy = await receiver.round();
      if (!busy) await sleep(this.config.pollMs, undefined, { signal: this.stopping.signal }).catch(() => undefined);
    }
  }
}

/** One receiver's work, round after round: register it, claim it, queue its new events, send what is due. */
class ReceiverRounds {
  private registered = false;
  private held: boolean | null = null;
  /** The last problem logged (logged when it starts and when it ends, not at every attempt). */
  private failing: string | null = null;

  constructor(
    private readonly store: ArchiveStore,
    private readonly config: WebhookConfig,
    private readonly url: string,
    private readonly process: {
      holder: string;
      chain: ArchiveChainName;
      stopping: AbortSignal;
      log: (line: string) => void;
    },
  ) {}

  /** True when it did something and should go on at once; false when it may wait. */
  async round(): Promise<boolean> {
    try {
      const db = this.store.db;
      if (!this.registered) {
        const registered = await registerReceiver(db, this.url);
        if (registered.outcome === 'waiting') return false;
        this.registered = true;
        if (registered.outcome === 'new')
          this.process.log(`first configured: sending events archived after height ${registered.startedHeight}`);
      }
      const held = await claimReceiver(db, this.url, this.process.holder, this.config.leaseMs);
      if (held !== this.held && (held || this.held !== null))
        this.process.log(held ? 'this process delivers' : 'another process delivers (this one stands by)');
      this.held = held;
      if (!held) return false;
      const queued = await enqueueEvents(
        db,
        { url: this.url, holder: this.process.holder, maxHeights: HEIGHTS_PER_SCAN },
        (facts) => eventsOf(facts, this.process.chain),
      );
      const behind = queued.outcome === 'enqueued' && queued.scannedHeight < queued.archivedHeight;
      const sent = await this.sendDue();
      return behind || sent;
    } catch (error) {
      if (this.process.stopping.aborted) return false;
      this.problem(`the archive database failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  /** Sends what is due, each ordering key's events in order; true when any was delivered. */
  private async sendDue(): Promise<boolean> {
    const keys = await readDueKeys(this.store.db, this.url, KEYS_AT_ONCE);
    const delivered = await Promise.all(keys.map((key) => this.sendKey(key)));
    return delivered.some(Boolean);
  }

  /**
   * A key's events one after another, each claimed first, stopping at the first that fails (it is
   * retried later, the rest wait) or that is not this process's to send (another process sends it,
   * or this one lost the receiver's lease).
   */
  private async sendKey(key: string): Promise<boolean> {
    const db = this.store.db;
    let delivered = false;
    for (const entry of await readKeyRun(db, this.url, key, EVENTS_PER_KEY)) {
      if (this.process.stopping.aborted) break;
      const claim = await EventClaim.take(
        this.store,
        { url: this.url, seq: entry.seq },
        this.process.holder,
        this.config.claimMs,
      );
      if (!claim) break;
      const outcome = await postEvent(
        this.url,
        { id: entry.eventId, body: entry.body },
        {
          secret: this.config.secret,
          timeoutMs: this.config.timeoutMs,
          stopping: AbortSignal.any([this.process.stopping, claim.lost]),
        },
      );
      if (outcome.delivered) {
        // Renewed until the delivery is written: a claim lapsing in between would let another
        // process send the event again.
        try {
          await markDelivered(db, this.url, entry.seq, claim.token);
        } finally {
          claim.end();
        }
        delivered = true;
        this.recovered();
        continue;
      }
      if (outcome.stopped) {
        // Abandoned: stopping, or the claim could not be renewed in time. Either way, whoever
        // claims the event next sends it (a lapsed claim is not this process's to give up).
        if (!claim.lost.aborted) await claim.release();
        else {
          claim.end();
          this.problem(
            'the database did not renew an event’s claim in time: its POST was abandoned (it is sent again)',
          );
        }
        break;
      }
      const retryInMs = retryDelay(entry.attempts + 1, this.config.retry);
      try {
        await markFailed(db, this.url, entry.seq, claim.token, { error: outcome.error, retryInMs });
      } finally {
        claim.end();
      }
      this.problem(`${outcome.error}; retrying with backoff (the archive status shows it)`);
      break;
    }
    return delivered;
  }

  private problem(what: string): void {
    if (this.failing !== what) this.process.log(what);
    this.failing = what;
  }

  private recovered(): void {
    if (this.failing !== null) this.process.log('delivering again');
    this.failing = null;
  }
}
