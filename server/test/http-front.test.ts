import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { archiveMount } from '../archive/api/archive-mount.ts';
import { learnUpstreamFacts } from '../chains/upstream-facts.ts';
import { localListing } from '../lib/chain-listing.ts';
import { createPolityServer } from '../node/gateway/http/http-server.ts';
import { parseUpstream } from '../node/gateway/proxy/upstream-proxy.ts';
import { QueryService } from '../node/queries/query-service.ts';
import { G, openNode, startHarness, type Harness } from './harness.ts';

let upstream: Harness;
let front: { base: string; close: () => void };
let dist: string;

beforeAll(async () => {
  upstream = await startHarness({ seed: 'upstream-chain' });
  dist = mkdtempSync(join(tmpdir(), 'polity-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Polity</title>');
  writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  const server = createPolityServer({
    queries: new QueryService(openNode(), 'extended'),
    distDir: dist,
    upstreams: [
      {
        ...parseUpstream(`hub=${upstream.base}`),
        archived: true,
        said: learnUpstreamFacts({ rest: upstream.base, rpc: `${upstream.base}/rpc` }).facts,
      },
    ],
    localChain: localListing('polity-front', false),
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  front = {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
});
afterAll(async () => {
  front.close();
  await upstream.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the dashboard', () => {
  it('serves files and falls back to index.html for deep links, with security headers', async () => {
    const deep = await fetch(`${front.base}/proposals/5/votes/cosmos1abc`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<title>Polity</title>');
    expect(deep.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(deep.headers.get('x-content-type-options')).toBe('nosniff');
    const asset = await fetch(`${front.base}/assets/app-123.js`);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });
  it('never serves files outside the build directory', async () => {
    const r = await fetch(`${front.base}/..%2f..%2f..%2fetc%2fpasswd`);
    expect(await r.text()).toContain('<title>Polity</title>');
  });
  it('lists the chains it serves by name, its own first, for the Chain picker', async () => {
    const listed = async () => (await fetch(`${front.base}/polity/config.json`)).json() as Promise<unknown>;
    // The --upstream node's chain id and prefix, as it said them once asked (in the background).
    await expect
      .poll(async () => JSON.stringify(await listed()), { timeout: 10_000 })
      .toContain('"chain_id":"polity-upstream');
    expect(await listed()).toEqual({
      chains: [
        {
          name: 'local',
          path: '',
          pretty_name: 'Embedded',
          chain_id: 'polity-front',
          bech32_prefix: 'cosmos',
          explorers: [],
          archive: false,
        },
        // An --upstream node: what it said of itself (its RPC's /status, x/auth's prefix).
        {
          name: 'hub',
          path: '/upstream/hub',
          pretty_name: 'hub',
          chain_id: upstream.node.chainId,
          bech32_prefix: 'cosmos',
          explorers: [],
          archive: true,
        },
      ],
      upstreams: [{ name: 'hub', path: '/upstream/hub' }],
    });
  });
});

describe('the upstream proxy', () => {
  it('forwards API GETs with their status, body and height header', async () => {
    const direct = await upstream.get(`${G}/group_info/1`);
    const r = await fetch(`${front.base}/upstream/hub${G}/group_info/1`);
    expect(r.status).toBe(200);
    expect(await r.text()).toBe(direct.text);
    expect(r.headers.get('x-cosmos-block-height')).toBe(String(upstream.node.height));
    const q = await fetch(`${front.base}/upstream/hub${G}/groups?pagination.limit=1`);
    expect(((await q.json()) as { groups: unknown[] }).groups).toHaveLength(1);
    const missing = await fetch(`${front.base}/upstream/hub${G}/group_info/9999`);
    expect(missing.status).toBe(500);
  });
  it('forwards nothing but the API, and only to configured names', async () => {
    expect((await fetch(`${front.base}/upstream/hub/etc/passwd`)).status).toBe(501);
    expect((await fetch(`${front.base}/upstream/hub/cosmos/distribution/v1beta1/params`)).status).toBe(501);
    expect((await fetch(`${front.base}/upstream/hub${G}/group_info/1`, { method: 'POST' })).status).toBe(501);
    expect((await fetch(`${front.base}/upstream/evil${G}/group_info/1`)).status).toBe(404);
    // Dot segments never escape the upstream's name (clients normalise them to another name).
    expect([404, 501]).toContain((await fetch(`${front.base}/upstream/hub/%2e%2e/cosmos/group/v1/groups`)).status);
  });
  it('reports an unreachable upstream as 502', async () => {
    const server = createPolityServer({
      queries: new QueryService(openNode(), 'extended'),
      upstreams: [parseUpstream('down=http://127.0.0.1:9')],
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/upstream/down${G}/groups`);
    expect(r.status).toBe(502);
    server.close();
  });
  it('rejects upstream specs that are not http(s)', () => {
    expect(() => parseUpstream('x=file:///etc/passwd')).toThrow();
    expect(() => parseUpstream('noequals')).toThrow();
  });
});

describe('the process', () => {
  it('stops cleanly on SIGTERM and resumes at the same height', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'polity-proc-'));
    const run = () =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'server/main.ts', '--port', '0', '--data-dir', dataDir, '--block-time', '50'],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          if (out.includes('Polity on') && !out.includes('__sent')) {
            out += '__sent';
            setTimeout(() => child.kill('SIGTERM'), 600);
          }
        });
        child.on('exit', (code) => resolve({ code, out }));
      });
    const first = await run();
    expect(first.code).toBe(0);
    const stopped = /stopping at height (\d+)/.exec(first.out)?.[1];
    expect(stopped).toBeDefined();
    const second = await run();
    expect(second.out).toContain(`chain ready at height ${stopped}`);
    rmSync(dataDir, { recursive: true, force: true });
    // Two whole starts of the service under tsx, each opening its archive's database before it
    // says it is up: 30 s was at the edge on a busy 2-core machine (seen failing at 30.03 s).
  }, 90_000);
});

describe('readiness', () => {
  it('the process says it is up only once its archive answers: no 503 after "Polity on"', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'polity-ready-'));
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as AddressInfo).port;
    await new Promise<void>((resolve) => free.close(() => resolve()));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/main.ts', '--port', String(port), '--data-dir', dataDir, '--rpc-port', 'off'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const status = await new Promise<number>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('Polity on'))
            fetch(`http://127.0.0.1:${port}/polity/archive/v1/status`).then((answer) => resolve(answer.status), reject);
        });
        child.on('exit', () => reject(new Error(`exited before it was up: ${out}`)));
      });
      expect(status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the archive API without an archive', () => {
  it('answers 501 in the node error shape, never the dashboard page', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'polity-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Polity</title>');
    // As server/main.ts mounts it with --archive off.
    const server = createPolityServer({
      queries: new QueryService(openNode(), 'extended'),
      distDir: dist,
      mounts: [archiveMount(undefined)],
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const answer = await fetch(`${base}/polity/archive/v1/status`);
      expect(answer.status).toBe(501);
      expect(await answer.json()).toMatchObject({ code: 12 });
    } finally {
      server.closeAllConnections();
      server.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
