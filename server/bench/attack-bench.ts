// The fuzz set of the adversarial review, timed: each request one attacker can send the RPC and
// the REST API, and the process's memory before and after the batch attack. Prints the slowest
// answer of each and the RSS growth; asserts nothing (the tests assert the limits themselves).

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort, startPolity } from '../test/polity-process.ts';

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

interface Attack {
  name: string;
  send: (base: string) => Promise<Response>;
}

const post = (base: string, body: string) =>
  fetch(`${base}/rpc/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

const search = (index: number) => ({
  jsonrpc: '2.0',
  id: index,
  method: 'tx_search',
  params: { query: "message.module='group'", per_page: '100', page: '1' },
});

const ATTACKS: Attack[] = [
  {
    name: 'tx_search query of 60,000 spaces (POST)',
    send: (base) =>
      post(
        base,
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tx_search', params: { query: `a${' '.repeat(60_000)}x` } }),
      ),
  },
  {
    name: 'tx_search query of 60,000 spaces (GET)',
    send: (base) => fetch(`${base}/rpc/tx_search?query="a${'%20'.repeat(60_000)}x"`),
  },
  {
    name: 'batch of 2,000 tx_search',
    send: (base) => post(base, JSON.stringify(Array.from({ length: 2000 }, (_, index) => search(index)))),
  },
  {
    name: 'batch of 10 full tx_search pages',
    send: (base) => post(base, JSON.stringify(Array.from({ length: 10 }, (_, index) => search(index)))),
  },
  { name: 'body of 1,000,001 bytes', send: (base) => post(base, ' '.repeat(1_000_001)) },
  { name: 'body of 20 MB', send: (base) => post(base, ' '.repeat(20_000_000)) },
  {
    name: 'methods named after Object.prototype',
    send: (base) =>
      post(
        base,
        JSON.stringify(
          ['toString', '__proto__', 'constructor', 'hasOwnProperty'].map((method, id) => ({
            jsonrpc: '2.0',
            id,
            method,
          })),
        ),
      ),
  },
  {
    name: 'pagination.key of the wrong shape',
    send: (base) => fetch(`${base}/cosmos/group/v1/groups?pagination.key=%%%`),
  },
  {
    name: 'address with a bad checksum',
    send: (base) => fetch(`${base}/cosmos/group/v1/groups_by_member/cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xv`),
  },
  { name: 'a proposal id past uint64', send: (base) => fetch(`${base}/cosmos/group/v1/proposal/18446744073709551616`) },
];

/** The resident memory of a process, from /proc (the server's own, not this client's). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : Number.NaN;
}

export async function attackBench(): Promise<void> {
  // Polity as a user runs it, in a process of its own, so its memory is measured alone.
  const dataDir = mkdtempSync(join(tmpdir(), 'polity-attack-'));
  const polity = await startPolity(await freePort(), ['--data-dir', dataDir, '--archive', 'off', '--rpc-port', 'off']);
  const { base } = polity;
  console.log('attacks (each sent 20 times; goal: no answer above 2 s, RSS after the batch attack within 50 MB)');
  const before = rssOf(polity.pid);
  for (const attack of ATTACKS) {
    const times: number[] = [];
    const statuses = new Set<number>();
    for (let round = 0; round < 20; round++) {
      const started = performance.now();
      const answer = await attack.send(base).catch(() => null);
      if (answer) {
        await answer.arrayBuffer();
        statuses.add(answer.status);
      } else statuses.add(0);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${attack.name.padEnd(42)} slowest ${times[times.length - 1].toFixed(0).padStart(5)} ms  median ${times[10].toFixed(0).padStart(4)} ms  status ${[...statuses].join('/')}`,
    );
  }
  const after = rssOf(polity.pid);
  console.log(
    `  Polity's RSS before ${mb(before)} MB, after ${mb(after)} MB (${after >= before ? '+' : ''}${mb(after - before)} MB)`,
  );
  await polity.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
