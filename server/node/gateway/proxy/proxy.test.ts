import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { openNode } from '../../../test/harness.ts';
import { QueryService } from '../../queries/query-service.ts';
import { createPolityServer } from '../http/http-server.ts';
import { parseUpstream } from './upstream-proxy.ts';

// A real "logging upstream" behind the proxy: every test asserts exactly what reached it (or
// that nothing did) and exactly what the client got.

interface Arrival {
  url: string;
  headers: IncomingHttpHeaders;
}

const arrivals: Arrival[] = [];
/** How the upstream answers; each test sets it. */
let behave: (req: IncomingMessage, res: ServerResponse) => void;
/** Bytes the upstream managed to send of long answers, and whether the proxy cut it off. */
let streamed = { bytes: 0, cut: false };

const upstream = createServer((req, res) => {
  arrivals.push({ url: req.url ?? '', headers: req.headers });
  behave(req, res);
});
let front: ReturnType<typeof createPolityServer>;
let frontPort = 0;
const DEADLINE_MS = 700;

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  front = createPolityServer({
    queries: new QueryService(openNode(), 'extended'),
    upstreams: [parseUpstream(`up=${upstreamBase}`)],
    upstreamLimits: { deadlineMs: DEADLINE_MS },
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  frontPort = (front.address() as AddressInfo).port;
});
afterAll(() => {
  for (const server of [front, upstream]) {
    server.closeAllConnections();
    server.close();
  }
});
beforeEach(() => {
  arrivals.length = 0;
  streamed = { bytes: 0, cut: false };
  behave = json('{"ok":true}');
});

const json =
  (body: string, headers: Record<string, string> = {}) =>
  (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };

/** `size` bytes of JSON-typed answer, made as it is sent (never held), honouring backpressure. */
const endless = (size: number, declareLength: boolean) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json', ...(declareLength ? { 'content-length': size } : {}) });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  res.on('close', () => (streamed.cut = !res.writableFinished));
  const pump = () => {
    while (streamed.bytes < size && !res.destroyed) {
      streamed.bytes += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  pump();
};

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  ms: number;
}

/** A GET with the path sent byte for byte (fetch would normalise `\` and dot segments). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: frontPort, path, headers, method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
          ms: performance.now() - started,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const G = '/upstream/up/cosmos/group/v1';
const U = '/upstream/up/cosmos/upgrade/v1beta1';

function expectProxyHeaders(answer: Answer): void {
  expect(answer.headers['content-type']).toBe('application/json');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
}

/** The client got the gateway's error body with this status, and nothing reached the upstream. */
function expectRefused(answer: Answer, status: number, code: number, message: string | RegExp): void {
  expect(answer.status).toBe(status);
  expectProxyHeaders(answer);
  const body = JSON.parse(answer.body) as { code: number; message: string; details: unknown[] };
  expect(body.code).toBe(code);
  expect(body.message).toMatch(message);
  expect(body.details).toEqual([]);
  expect(Object.keys(body)).toEqual(['code', 'message', 'details']);
  expect(arrivals).toEqual([]);
}

/** What reached the upstream: one GET of exactly `url`, with only these headers. */
function expectForwarded(url: string, height?: string): void {
  expect(arrivals.map((arrival) => arrival.url)).toEqual([url]);
  const headers = { ...arrivals[0].headers };
  delete headers.connection; // keep-alive or not is the HTTP client's business
  expect(headers).toEqual({
    accept: 'application/json',
    host: `127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    ...(height === undefined ? {} : { 'x-cosmos-block-height': height }),
  });
}

describe('what the client gets back', () => {
  it('JSON passes with its status and digit-only height headers, plus nosniff and a sandbox CSP', async () => {
    behave = json('{"groups":[]}', { 'x-cosmos-block-height': '41', 'grpc-metadata-x-cosmos-block-height': '4 1' });
    const answer = await get(`${G}/group_info/1`, { cookie: 'session=secret', authorization: 'Basic eDp5' });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('{"groups":[]}');
    expectProxyHeaders(answer);
    expect(answer.headers['x-cosmos-block-height']).toBe('41');
    expect(answer.headers['grpc-metadata-x-cosmos-block-height']).toBeUndefined();
    expectForwarded('/cosmos/group/v1/group_info/1');
  });

  it('an HTML answer, or one without a content type, becomes a 502 with the gateway error body', async () => {
    behave = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<script>alert(localStorage)</script>');
    };
    const html = await get(`${G}/group_info/1`);
    expect(html.status).toBe(502);
    expectProxyHeaders(html);
    expect(JSON.parse(html.body)).toEqual({
      code: 14,
      message: 'upstream up answered text/html, not JSON',
      details: [],
    });
    behave = (_req, res) => res.end('<script>alert(1)</script>');
    const untyped = await get(`${G}/group_info/1`);
    expect(untyped.status).toBe(502);
    expect(JSON.parse(untyped.body)).toMatchObject({ message: 'upstream up answered without a content type' });
  });

  it('a 200 MB answer is cut at the cap: 502, upstream connection closed, nothing else delayed', async () => {
    const before = process.memoryUsage().rss;
    behave = endless(200 * 1024 * 1024, false);
    const huge = [get(`${G}/groups`), get(`${G}/groups`), get(`${G}/groups`)];
    // All three reach the node (and stream) before it answers the small one: on a busy machine
    // a fixed pause let one arrive after the switch, and be answered small.
    await expect.poll(() => arrivals.length, { timeout: 10_000, interval: 10 }).toBe(3);
    behave = json('{"small":true}');
    const small = await get(`${G}/group_info/2`);
    expect(small.status).toBe(200);
    expect(small.ms).toBeLessThan(500);
    for (const answer of await Promise.all(huge)) {
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 14,
        message: 'upstream up answered more than 4194304 bytes',
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(streamed.cut).toBe(true);
    expect(streamed.bytes).toBeLessThan(3 * 40 * 1024 * 1024); // far from 3 × 200 MB
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('a declared length over the cap is refused before any of the body arrives', async () => {
    behave = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 200 * 1024 * 1024 });
      res.flushHeaders(); // and then nothing: only the declared length can tell
    };
    const answer = await get(`${G}/groups`);
    expect(answer.status).toBe(502);
    expect(answer.ms).toBeLessThan(DEADLINE_MS);
    expect(JSON.parse(answer.body)).toMatchObject({ message: 'upstream up answered more than 4194304 bytes' });
  });

  it('a slow upstream meets the deadline, body included, and delays no other request', async () => {
    behave = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"groups":[');
      res.on('close', () => (streamed.cut = true));
    };
    const slow = get(`${G}/groups`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    behave = json('{}');
    expect((await get(`${G}/group_info/3`)).ms).toBeLessThan(300);
    const answer = await slow;
    expect(answer.status).toBe(504);
    expect(answer.ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(answer.ms).toBeLessThan(DEADLINE_MS + 1000);
    expect(JSON.parse(answer.body)).toEqual({ code: 4, message: 'upstream up did not answer in 0.7 s', details: [] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(streamed.cut).toBe(true);
  });
});

describe('what reaches the upstream: the parsed route, never the raw request', () => {
  it('canonical literals and re-encoded values', async () => {
    await get('/upstream/up/%63osmos/group/v1/group_info/1');
    expectForwarded('/cosmos/group/v1/group_info/1');
    arrivals.length = 0;
    await get(`${U}/applied_plan/na%C3%AFve;x=1%3Fy`);
    expectForwarded('/cosmos/upgrade/v1beta1/applied_plan/na%C3%AFve%3Bx%3D1%3Fy');
  });

  it.each([
    ['a backslash', `${U}/applied_plan/\\\\127.0.0.1:18712`, /slash or backslash/],
    ['an encoded backslash', `${U}/applied_plan/%5C%5C127.0.0.1:18712`, /slash or backslash/],
    ['an encoded slash', `${U}/applied_plan/a%2F..%2F..%2Fbank`, /slash or backslash/],
    ['an empty segment', `${G}//group_info/1`, /empty segment/],
    ['an encoded dot segment', `${U}/applied_plan/%2e%2e`, /dot segment/],
    ['NUL', `${U}/applied_plan/x%00`, /control character/],
    ['CR LF', `${U}/applied_plan/x%0d%0aX-Injected:%20yes`, /control character/],
    ['a broken escape', `${U}/applied_plan/%ZZ`, /malformed percent-encoding/],
  ])('%s in the path: 400', async (_trick, path, message) => {
    expectRefused(await get(path), 400, 3, message);
  });

  it('paths that are not the API, and methods other than GET: 501', async () => {
    expectRefused(await get('/upstream/up/cosmos/distribution/v1beta1/params'), 501, 12, 'Not Implemented');
    expectRefused(await get('/upstream/up/etc/passwd'), 501, 12, 'Not Implemented');
    expectRefused(await get(`${G}/group_info/1`, {}, 'POST'), 501, 12, 'Not Implemented');
  });

  it('only the parameters the route takes, in canonical form', async () => {
    await get(
      `${G}/groups?pagination.limit=0x2&pagination.countTotal=1&admin=x&pagination.key=AAE%3D&pagination.limit=9`,
    );
    expectForwarded('/cosmos/group/v1/groups?pagination.key=AAE%3D&pagination.limit=2&pagination.count_total=true');
    arrivals.length = 0;
    await get(`${G}/group_info/1?pagination.limit=5&x=%0d%0a`);
    expectForwarded('/cosmos/group/v1/group_info/1');
    arrivals.length = 0;
    await get(`${U}/module_versions?moduleName=x%26y%3Dz`);
    expectForwarded('/cosmos/upgrade/v1beta1/module_versions?module_name=x%26y%3Dz');
    arrivals.length = 0;
    await get('/upstream/up/cosmos/gov/v1/proposals?proposalStatus=0x3&voter=a%26b&pagination.limit=2&x=1');
    expectForwarded('/cosmos/gov/v1/proposals?pagination.limit=2&proposal_status=3&voter=a%26b');
  });

  it.each([
    ['a value smuggling a parameter', `${G}/groups?pagination.limit=1%26admin%3Dx`, /ParseUint: parsing "1&admin=x"/],
    ['a bad escape', `${G}/groups?a=%zz`, /invalid URL escape "%zz"/],
    ['a semicolon', `${G}/groups?pagination.limit=1;admin=x`, /invalid semicolon separator/],
    ['a message given a scalar', `${G}/groups?pagination=1`, /not supported in query parameters/],
    ['a control character in module_name', `${U}/module_versions?module_name=gr%0Aoup`, /control character/],
    [
      'a gov status by name',
      '/upstream/up/cosmos/gov/v1/proposals?proposal_status=PASSED',
      /ParseInt: parsing "PASSED"/,
    ],
  ])('%s in the query: 400', async (_trick, path, message) => {
    expectRefused(await get(path), 400, 3, message);
  });

  it('the height header: digits only, forwarded in one spelling', async () => {
    await get(`${G}/group_info/1`, { 'x-cosmos-block-height': '12' });
    expectForwarded('/cosmos/group/v1/group_info/1', '12');
    arrivals.length = 0;
    await get(`${G}/group_info/1`, { 'grpc-metadata-x-cosmos-block-height': '7' });
    expectForwarded('/cosmos/group/v1/group_info/1', '7');
    for (const height of ['-1', '0x10', '12abc', '1 2', '']) {
      arrivals.length = 0;
      expectRefused(await get(`${G}/group_info/1`, { 'x-cosmos-block-height': height }), 400, 3, /height in digits/);
    }
  });
});
