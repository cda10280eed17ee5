import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// A real Cosmos SDK chain (testchain/, built from the SDK's own modules) and Polity following it,
// as a user runs them: the chain's own binary and driver script, Polity's own command line.

const run = promisify(execFile);
export const root = path.join(import.meta.dirname, '..');

export interface RealChain {
  home: string;
  rest: string;
  rpc: string;
  pid: number;
  history: {
    chain_id: string;
    groups: Record<string, { admin: string; policy: string }>;
    proposals: Record<string, string>;
    upgrade: { name: string; height: number };
    height_at_end: number;
  };
}

/** A port nobody listens on now, from the system. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Four free ports in a row (the chain takes RPC-1, RPC, RPC+1; gRPC is RPC+1000). */
async function portRun(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    const ports = [base - 1, base, base + 1, base + 1000];
    const free = await Promise.all(
      ports.map(
        (port) =>
          new Promise<boolean>((resolve) => {
            const server = createServer();
            server.once('error', () => resolve(false));
            server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
          }),
      ),
    );
    if (free.every(Boolean)) return base;
  }
  throw new Error('no run of free ports for the chain');
}

/** Builds the chain's binary (cached by its sources: instant when nothing changed). */
export async function buildChain(): Promise<string> {
  const { stdout } = await run('bash', [path.join(root, 'testchain/build.sh')], {
    cwd: root,
    timeout: 40 * 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.trim().split('\n').at(-1)!.trim();
}

/** Starts a one-validator chain and drives its history (about 95 s); it keeps running. */
export async function startChain(binary: string, pruning: 'nothing' | 'custom' = 'nothing'): Promise<RealChain> {
  const home = mkdtempSync(path.join(tmpdir(), 'polity-real-chain-'));
  const rpcPort = await portRun();
  const restPort = await freePort();
  // A clean environment: the test runner's own variables (MODE, DEV, NODE_ENV …) are not the chain's.
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? home,
    REST: String(restPort),
    RPC: String(rpcPort),
    PRUNING: pruning,
  };
  const { stdout, stderr } = await run('bash', [path.join(root, 'testchain/chain.sh'), binary, home], {
    cwd: root,
    env,
    timeout: 10 * 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  // The driver says how many of its transactions failed: a history with a hole is no history to test on.
  const problems = /with (\d+) problem\(s\)/.exec(stderr)?.[1];
  if (problems !== '0') throw new Error(`the chain's history was not made as written:\n${stderr.slice(-4000)}`);
  const pid = Number(stdout.trim().split('\n').at(-1));
  const history = JSON.parse(readFileSync(path.join(home, 'history.json'), 'utf8')) as RealChain['history'];
  return { home, rest: `http://127.0.0.1:${restPort}`, rpc: `http://127.0.0.1:${rpcPort}`, pid, history };
}

export const stopChain = (chain: RealChain | undefined) => {
  if (!chain) return;
  try {
    process.kill(chain.pid);
  } catch {
    // gone already
  }
};

export interface Polity {
  base: string;
  archive: string;
  process: ChildProcess;
  log: () => string;
}

/** Polity's own command line, following the real chain as upstream "s" with an archive. */
export async function startPolity(chain: RealChain, archiveFrom: string): Promise<Polity> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'polity-real-archive-'));
  const args = [
    '--import',
    'tsx',
    path.join(root, 'server/main.ts'),
    ...['--port', String(port), '--rpc-port', 'off', '--data-dir', dataDir],
    // The embedded chain stays quiet: the real one is under test.
    ...['--block-time', '600000', '--trust', 'local=off'],
    ...['--upstream', `s=${chain.rest}`, '--upstream-rpc', `s=${chain.rpc}`, '--archive-from', archiveFrom],
  ];
  let output = '';
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => (await fetch(`${base}/upstream/s/polity/archive/v1/status`)).ok,
    120_000,
    () => output,
  );
  return { base, archive: `${base}/upstream/s/polity/archive/v1`, process: child, log: () => output };
}

export async function stopPolity(polity: Polity | undefined): Promise<void> {
  if (!polity || polity.process.exitCode !== null) return;
  const exited = new Promise((resolve) => polity.process.once('exit', resolve));
  polity.process.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
}

/** Thrown from a check when waiting longer cannot help (the archive stopped): waitFor gives up at once. */
export class NoUseWaiting extends Error {}

/** Polls `check` until it holds; the failure says what the process printed. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, log: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      if (error instanceof NoUseWaiting)
        throw new Error(`${error.message}; the process said:\n${log().slice(-4000)}`, { cause: error });
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`not within ${timeoutMs / 1000} s (${String(last)}); the process said:\n${log().slice(-4000)}`);
}

export async function json<T>(url: string): Promise<T> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}
