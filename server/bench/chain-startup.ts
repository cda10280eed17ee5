// Start-up with three registry chains (#34: "≤ 3 s to the first answer"): spawns the service as
// `node --import tsx server/main.ts --chain regen --chain cheqd --chain provenance` on a new data
// dir, and times spawn → the gateway's first 200 for /polity/config.json, several runs. Offline
// (as on the build machine) every registry endpoint fails: the point is that the gateway answers
// anyway, before the endpoints are asked to the end. Prints figures; asserts nothing.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHAINS = ['regen', 'cheqd', 'provenance'];
const FIRST_ANSWER_PATH = '/polity/config.json';
/** Past this the run counts as not answering (a start that hangs must not hang the benchmark). */
const GIVE_UP_MS = 60_000;

/** A port no one listens on now, from the system. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Milliseconds from spawn to the first 200, or null when none came within GIVE_UP_MS. */
async function oneStart(): Promise<number | null> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'polity-chain-startup-'));
  const started = performance.now();
  const service = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/main.ts',
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      // The CometBFT RPC's own port is not what is measured, and may be taken on a shared machine.
      '--rpc-port',
      'off',
      ...CHAINS.flatMap((chain) => ['--chain', chain]),
    ],
    { stdio: 'ignore' },
  );
  try {
    while (performance.now() - started < GIVE_UP_MS) {
      const status = await fetch(`http://127.0.0.1:${port}${FIRST_ANSWER_PATH}`).then(
        (answer) => answer.status,
        () => 0,
      );
      if (status === 200) return performance.now() - started;
      if (service.exitCode !== null) return null;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return null;
  } finally {
    if (service.exitCode === null && service.signalCode === null) {
      const exited = new Promise((resolve) => service.once('exit', resolve));
      service.kill('SIGTERM');
      // It writes its snapshot and closes its archives first; it exits by itself within 4 s.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 6000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function chainStartupBench(runs = Number(process.env.POLITY_BENCH_STARTUP_RUNS ?? 5)): Promise<void> {
  console.log(
    `start-up with --chain ${CHAINS.join(' --chain ')} (node --import tsx, new data dir, registry endpoints ` +
      `unreachable offline): spawn → first 200 of ${FIRST_ANSWER_PATH}, ${runs} runs (goal ≤ 3 s)`,
  );
  const times: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const took = await oneStart();
    console.log(`  run ${run}                 ${took === null ? 'no answer' : `${(took / 1000).toFixed(2)} s`}`);
    if (took !== null) times.push(took);
  }
  if (times.length === 0) return;
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  console.log(
    `  median ${(median / 1000).toFixed(2)} s   max ${(sorted[sorted.length - 1] / 1000).toFixed(2)} s` +
      `   (${runs - times.length} of ${runs} without an answer within ${GIVE_UP_MS / 1000} s)`,
  );
}
