import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { startArchive, type Archive } from '../archive/archive-service.ts';
import { WEBHOOK_TIMINGS, type WebhookConfig } from '../archive/webhooks/webhook-options.ts';

// A webhook receiver for tests: a local HTTP server that records every attempt and every event it
// accepted, and can answer 200 (at once or slowly), answer 500, hang without answering, or be
// killed and brought back on the same port.

export interface ReceivedEvent {
  id: string;
  /** The Polity-Event-Id header. */
  header: string;
  signature: string | undefined;
  rawBody: string;
  event: {
    id: string;
    type: string;
    height: string;
    proposal?: { id: string; title: string };
    vote?: { voter: string };
    group?: { id: string };
  };
  text: string;
}

export type Answer = 'ok' | 'fail' | 'hang';

export class TestReceiver {
  /** Events answered 200, in the order they arrived. */
  readonly accepted: ReceivedEvent[] = [];
  /** Every attempt's arrival time (ms), by event id, whatever the answer. */
  readonly attempts = new Map<string, number[]>();
  /** Every event attempted, by id, whatever the answer. */
  readonly attempted = new Map<string, ReceivedEvent['event']>();
  /** Requests left hanging (answered only when the receiver stops). */
  readonly hanging: ServerResponse[] = [];
  private server: Server | null = null;
  private port = 0;
  /** How long an 'ok' answer takes: the event counts as accepted once this has passed, answered or not. */
  private okAfterMs = 0;

  private constructor(private answer: Answer) {}

  static async start(answer: Answer = 'ok'): Promise<TestReceiver> {
    const receiver = new TestReceiver(answer);
    await receiver.listen();
    return receiver;
  }

  /** From now on, answers every request so (a broken receiver mended, or one breaking), 'ok' after `okAfterMs`. */
  answerWith(answer: Answer, okAfterMs = 0): void {
    this.answer = answer;
    this.okAfterMs = okAfterMs;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks/polity?token=not-for-the-status`;
  }

  private async listen(): Promise<void> {
    const server = createServer((request, response) => void this.receive(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  private async receive(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const payload = JSON.parse(rawBody) as { event: ReceivedEvent['event']; text: string };
    const header = String(request.headers['polity-event-id']);
    const times = this.attempts.get(header) ?? [];
    times.push(performance.now());
    this.attempts.set(header, times);
    this.attempted.set(header, payload.event);
    if (this.answer === 'hang') return void this.hanging.push(response);
    if (this.answer === 'fail') return void response.writeHead(500).end('receiver is broken');
    // A slow receiver does its work before it answers: the event is taken even if the sender gave up.
    if (this.okAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, this.okAfterMs));
    const signature = request.headers['x-polity-signature'];
    this.accepted.push({
      id: payload.event.id,
      header,
      signature: typeof signature === 'string' ? signature : undefined,
      rawBody,
      event: payload.event,
      text: payload.text,
    });
    response.writeHead(204).end();
  }

  /** Killed: the port refuses connections until `restart`. */
  async kill(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const response of this.hanging.splice(0)) response.destroy();
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Back on the same port (its URL is unchanged). */
  async restart(answer: Answer = this.answer): Promise<void> {
    this.answer = answer;
    await this.listen();
  }
}

/** Waits until `condition` holds (checked every 25 ms), or fails saying what it waited for. */
export async function until(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Fast timings for tests: retries from `firstMs`, short polls. */
export function testWebhooks(urls: string[], over: Partial<WebhookConfig> = {}): WebhookConfig {
  return {
    ...WEBHOOK_TIMINGS,
    urls,
    secret: null,
    timeoutMs: 2000,
    retry: { firstMs: 50, maxMs: 400 },
    pollMs: 20,
    ...over,
  };
}

/** The archive service as Polity runs it, following the harness's node, with webhooks. */
export function startArchiveService(base: string, database: string, webhooks: WebhookConfig): Promise<Archive> {
  return startArchive({
    database,
    rest: base,
    rpc: `${base}/rpc`,
    batch: 16,
    pollMs: 10,
    from: 'earliest',
    webhooks,
    log: (line) => {
      if (process.env.ARCHIVE_LOG) console.log(line);
    },
  });
}

export async function archivedHeight(archive: Archive): Promise<bigint> {
  const rows = await archive.store.db.query<{ height: string }>('SELECT height::text AS height FROM archive_cursor');
  return rows[0] ? BigInt(rows[0].height) : -1n;
}

export interface WebhookStatus {
  receiver: string;
  delivering: boolean;
  started_height: string;
  events_up_to_height: string;
  delivered: string;
  pending: string;
  last_error: string | null;
  last_error_at: string | null;
  next_attempt_at: string | null;
}
