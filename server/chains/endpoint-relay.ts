import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';

import type { EndpointChoice } from './endpoint-choice.ts';
import { joinPath } from './endpoint-probe.ts';

// The fixed address the proxy and the archive read a registry chain through, while the endpoint
// behind it may change: a loopback-only server that passes each request to the endpoint its
// choice holds now, and tells the choice how the request went. The proxy and the archive keep
// their own limits and deadlines; this only moves bytes and watches for dead endpoints.

/** Headers of one hop only (RFC 9110 §7.6.1), never passed on; host is the target's own. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** An endpoint silent this long in the middle of a request is as good as dead. */
const IDLE_MS = 60_000;

/** Answers a gateway sends for a node behind it that is down: the endpoint counts as failing. */
const DOWN_STATUSES = new Set([502, 503, 504]);

function passedHeaders(headers: IncomingMessage['headers']): Record<string, string | string[]> {
  const passed: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_HEADERS.has(name.toLowerCase())) passed[name] = value;
  return passed;
}

function refuse(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent || res.destroyed) return void res.destroy();
  const body = JSON.stringify({ code: 14, message, details: [] });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

const failureWords = (error: NodeJS.ErrnoException) =>
  error.code === 'ECONNREFUSED' ? 'connection refused' : (error.code ?? error.message);

export class EndpointRelay {
  private readonly choices = new Map<string, EndpointChoice>();
  private readonly server: Server;
  private port: number | null = null;

  private constructor() {
    this.server = createServer((req, res) => this.relay(req, res));
    this.server.keepAliveTimeout = 5000;
  }

  /** A relay listening on 127.0.0.1 at a port of the system's choosing: no one outside the machine reaches it. */
  static start(): Promise<EndpointRelay> {
    const relay = new EndpointRelay();
    return new Promise((resolve, reject) => {
      relay.server.once('error', reject);
      relay.server.listen(0, '127.0.0.1', () => {
        relay.port = (relay.server.address() as AddressInfo).port;
        resolve(relay);
      });
    });
  }

  /** Serves `choice` under `/KEY/`; returns the address readers use for it. */
  add(key: string, choice: EndpointChoice): string {
    if (!/^[a-z0-9-]+\/(rest|rpc)$/.test(key)) throw new Error(`relay key ${key} is not NAME/rest or NAME/rpc`);
    this.choices.set(key, choice);
    return `http://127.0.0.1:${this.port}/${key}`;
  }

  private relay(req: IncomingMessage, res: ServerResponse): void {
    const match = /^\/([a-z0-9-]+\/(?:rest|rpc))(\/[^]*)?$/.exec(req.url ?? '/');
    const choice = match ? this.choices.get(match[1]) : undefined;
    if (!match || !choice) return refuse(res, 404, 'no such chain endpoint on this relay');
    const endpoint = choice.current;
    if (endpoint === null) {
      const waiting = choice.json().probing ? 'its endpoints are being asked' : 'none answers as the chain';
      const chain = match[1].split('/')[0];
      return refuse(
        res,
        503,
        `no ${choice.kind.toUpperCase()} endpoint of ${chain}: ${waiting} (why: /polity/config.json)`,
      );
    }
    const target = new URL(joinPath(endpoint, match[2] ?? '/'));
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(target, { method: req.method, headers: passedHeaders(req.headers), timeout: IDLE_MS });
    let answered = false;
    let readerLeft = false;
    outgoing.on('timeout', () => outgoing.destroy(new Error(`silent for ${IDLE_MS / 1000} s`)));
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // A reader that left first is not the endpoint's failure.
      if (readerLeft) return;
      choice.failed(endpoint, failureWords(error));
      if (answered) res.destroy();
      else refuse(res, 502, `${endpoint} unreachable: ${failureWords(error)}`);
    });
    outgoing.on('response', (incoming) => {
      answered = true;
      const status = incoming.statusCode ?? 502;
      if (DOWN_STATUSES.has(status)) choice.failed(endpoint, `answered HTTP ${status}`);
      else choice.succeeded(endpoint);
      res.writeHead(status, passedHeaders(incoming.headers));
      incoming.pipe(res);
      incoming.on('error', () => res.destroy());
    });
    res.on('close', () => {
      if (res.writableFinished) return;
      readerLeft = true;
      // Every reader gives up within 15–30 s, long before IDLE_MS: an endpoint that has not begun
      // its answer by then counts as failing (three in a row and the next endpoint is taken).
      if (!answered) choice.failed(endpoint, 'silent until the reader gave up');
      outgoing.destroy();
    });
    req.pipe(outgoing);
  }

  close(): Promise<void> {
    for (const choice of this.choices.values()) choice.close();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
