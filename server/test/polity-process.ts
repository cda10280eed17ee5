import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// Polity as a process of its own (`node --import tsx server/main.ts …`), for tests of what only
// whole processes show: two of them proxying and archiving each other over HTTP.

export interface PolityProcess {
  base: string;
  port: number;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL at once, as a crash or the OOM killer ends it: nothing runs after it. */
  kill(): Promise<void>;
  readonly pid: number;
}

/** A port free on the loopback interface right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function stopped(child: ChildProcess, graceMs: number, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * Starts Polity on `port` with `args` and waits until it says it is up ("Polity on", printed once
 * its archives answer). A process that exits first, or is not up within `timeoutMs`, fails with
 * what it printed.
 */
export async function startPolity(port: number, args: readonly string[], timeoutMs = 60_000): Promise<PolityProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', String(port), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const collect = (chunk: Buffer) => void (printed += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const running: PolityProcess = {
    base: `http://127.0.0.1:${port}`,
    port,
    output: () => printed,
    stop: (graceMs = 5000) => stopped(child, graceMs),
    kill: () => stopped(child, 0, 'SIGKILL'),
    pid: child.pid ?? -1,
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const deadline = Date.now() + timeoutMs;
      const check = setInterval(() => {
        if (printed.includes('Polity on')) finish(resolve);
        else if (Date.now() > deadline) finish(() => reject(new Error(`Polity was not up in ${timeoutMs} ms`)));
      }, 50);
      const onExit = (code: number | null) =>
        finish(() => reject(new Error(`Polity exited (${code}) before it was up:\n${printed}`)));
      const finish = (then: () => void) => {
        clearInterval(check);
        child.off('exit', onExit);
        then();
      };
      child.once('exit', onExit);
    });
  } catch (error) {
    await running.stop();
    throw error;
  }
  return running;
}

/** A JSON GET that must answer 200. */
export async function getJson<T>(url: string): Promise<T> {
  const answer = await fetch(url);
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** Every item of a paginated list, page after page. */
export async function everyPage<T>(url: string, field: string): Promise<T[]> {
  const items: T[] = [];
  let key: string | null = null;
  do {
    const page: { pagination: { next_key: string | null } } & Record<string, unknown> = await getJson(
      `${url}${url.includes('?') ? '&' : '?'}pagination.limit=1000${key ? `&pagination.key=${encodeURIComponent(key)}` : ''}`,
    );
    items.push(...(page[field] as T[]));
    key = page.pagination.next_key;
  } while (key);
  return items;
}
