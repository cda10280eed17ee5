import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The verifier as an auditor gets it: the tarball `npm pack` makes of packages/polity-verify,
// installed with npm into an empty folder with no network, run with npx. Nothing of Polity's
// dashboard, node or archive comes with it, and nothing else is installed beside it.

const run = promisify(execFile);
const root = path.join(import.meta.dirname, '..');
const vectors = JSON.parse(readFileSync(path.join(root, 'test-vectors/completeness-vectors.json'), 'utf8')) as {
  at: string;
  trusting_period_seconds: number;
  vectors: { name: string; bundle: unknown }[];
};
const bundleNamed = (name: string) => JSON.stringify(vectors.vectors.find((vector) => vector.name === name)!.bundle);
const genuine = bundleNamed('genuine proposal bundle');
const forged = bundleNamed('a vote set claimed one vote larger');

let folder = '';
let server: Server;
let address = '';

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'polity-verify-package-'));
  await run(process.execPath, [path.join(root, 'scripts/build-verifier.mjs')]);
  const packed = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', folder], {
    cwd: path.join(root, 'packages/polity-verify'),
  });
  const tarball = packed.stdout.trim().split('\n').at(-1)!;
  const auditor = path.join(folder, 'auditor');
  mkdirSync(auditor);
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(folder, tarball)], { cwd: auditor });
  writeFileSync(path.join(auditor, 'genuine.json'), genuine);
  server = createServer((request, response) => {
    const body = request.url === '/proofs/proposals/101' ? genuine : request.url === '/forged' ? forged : null;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(body ?? '{"code":5,"message":"not found","details":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  address = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}, 180_000);

afterAll(() => server?.close());

/** npx polity-verify in the auditor's folder, offline, as of the vectors' instant. */
async function npxVerify(...args: string[]) {
  const options = ['--at', vectors.at, '--trusting-period', String(vectors.trusting_period_seconds)];
  try {
    const { stdout, stderr } = await run('npx', ['--offline', 'polity-verify', ...args, ...options], {
      cwd: path.join(folder, 'auditor'),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

describe('polity-verify as a package of its own', () => {
  it('installs from its tarball with nothing beside it', () => {
    const installed = readdirSync(path.join(folder, 'auditor/node_modules')).filter((name) => !name.startsWith('.'));
    expect(installed).toEqual(['polity-verify']);
    expect(readdirSync(path.join(folder, 'auditor/node_modules/polity-verify/dist')).sort()).toEqual([
      'THIRD-PARTY-NOTICES.md',
      'polity-verify.mjs',
    ]);
  });

  it('checks a bundle from a file, and says what it read', async () => {
    const result = await npxVerify('genuine.json');
    expect(result.code).toBe(3); // everything follows, from the root the bundle carries
    expect(result.stdout).toMatch(/^Follows /);
    expect(result.stdout).toMatch(/\nRead genuine\.json: 48,261 bytes, SHA-256 [0-9a-f]{64}\.\n$/);
  });

  it('reads a bundle from an archive’s address, and refuses a forged one read the same way', async () => {
    const fromArchive = await npxVerify(`${address}/proofs/proposals/101`);
    expect(fromArchive.code).toBe(3);
    expect(fromArchive.stdout).toContain(`\nRead from ${address}/proofs/proposals/101: 48,261 bytes, SHA-256 `);
    expect((await npxVerify(`${address}/forged`)).code).toBe(1);
    const missing = await npxVerify(`${address}/proofs/proposals/7`);
    expect([missing.code, missing.stderr.trim()]).toEqual([
      2,
      `cannot read ${address}/proofs/proposals/7: ${address}/proofs/proposals/7 answered 404 Not Found: {"code":5,"message":"not found","details":[]}`,
    ]);
  });
});
