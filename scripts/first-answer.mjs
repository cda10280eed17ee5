// How soon a started service answers: runs the compiled service (as `npm start` does once built)
// on a new data dir, then again on the same one, and prints the milliseconds until its API, its
// dashboard and its archive's records first answer. Run after `npm start` (or the two builds).
//   node scripts/first-answer.mjs [PORT]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.argv[2] ?? 8097);
const base = `http://127.0.0.1:${port}`;
const PATHS = {
  API: '/cosmos/group/v1/groups?pagination.limit=1',
  dashboard: '/',
  'archive records': '/polity/archive/v1/upgrades',
};

async function measure(dataDir) {
  const started = performance.now();
  const service = spawn(
    process.execPath,
    ['dist-server/main.mjs', '--port', String(port), '--data-dir', dataDir, '--rpc-port', 'off'],
    { stdio: 'ignore' },
  );
  const answered = {};
  while (Object.keys(answered).length < Object.keys(PATHS).length && performance.now() - started < 120_000) {
    for (const [name, path] of Object.entries(PATHS)) {
      if (answered[name] !== undefined) continue;
      const status = await fetch(base + path).then(
        (answer) => answer.status,
        () => 0,
      );
      if (status === 200) answered[name] = Math.round(performance.now() - started);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  service.kill('SIGTERM');
  await new Promise((resolve) => service.once('exit', resolve));
  return Object.entries(PATHS)
    .map(([name]) => `${name} ${answered[name] ?? 'none'} ms`)
    .join(', ');
}

const dataDir = mkdtempSync(join(tmpdir(), 'polity-first-answer-'));
try {
  console.log(`new data dir:      ${await measure(dataDir)}`);
  console.log(`existing data dir: ${await measure(dataDir)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
