// How soon a started service answers: runs the compiled service (as `npm start` does once built)
// on a new data dir, then again on the same one, and prints the milliseconds until its API, its
// dashboard and its archive's records first answer, against the budgets (2 s each for a new data
// dir). With POLITY_BENCH_PG_URL (a role that may create databases) the archive is kept in a new
// PostgreSQL database as well. Run after `npm start` (or the two builds).
//   node scripts/first-answer.mjs [PORT]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';

const port = Number(process.argv[2] ?? 8097);
const base = `http://127.0.0.1:${port}`;
const BUDGET_MS = 2_000;
const PATHS = {
  API: '/cosmos/group/v1/groups?pagination.limit=1',
  dashboard: '/',
  'archive records': '/polity/archive/v1/upgrades',
};

// `npm start` checks that both builds are current (a digest of their sources), then runs the
// compiled service: measured as a newcomer types it, it is the figure the budget speaks of.
const SERVICE = [process.execPath, 'dist-server/main.mjs'];
const NPM_START = ['npm', 'start', '--'];

async function measure(dataDir, extraArguments, command = SERVICE) {
  const started = performance.now();
  const [program, ...leading] = command;
  const service = spawn(
    program,
    [...leading, '--port', String(port), '--data-dir', dataDir, '--rpc-port', 'off', ...extraArguments],
    { stdio: 'ignore', detached: true },
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
  // The whole group: under `npm start` the service is a grandchild.
  if (service.exitCode === null) {
    const exited = new Promise((resolve) => service.once('exit', resolve));
    process.kill(-service.pid, 'SIGTERM');
    await exited;
  }
  // Under `npm start` the service outlives npm while it closes its archive: the next run must not
  // find it still holding the data dir.
  while (serviceStillHolds(dataDir)) await new Promise((resolve) => setTimeout(resolve, 50));
  return answered;
}

function serviceStillHolds(dataDir) {
  try {
    const holder = Number.parseInt(readFileSync(join(dataDir, 'polity.lock'), 'utf8'), 10);
    process.kill(holder, 0);
    return true;
  } catch {
    return false;
  }
}

function report(label, answered, budgeted) {
  const parts = Object.keys(PATHS).map((name) => {
    const milliseconds = answered[name];
    if (milliseconds === undefined) return `${name} none${budgeted ? ' (OVER)' : ''}`;
    const verdict = budgeted ? (milliseconds <= BUDGET_MS ? ' (within 2 s)' : ' (OVER 2 s)') : '';
    return `${name} ${milliseconds} ms${verdict}`;
  });
  console.log(`${label.padEnd(30)} ${parts.join(', ')}`);
}

async function runTwice(label, extraArguments, command = SERVICE) {
  const dataDir = mkdtempSync(join(tmpdir(), 'polity-first-answer-'));
  try {
    report(`${label}, new data dir:`, await measure(dataDir, extraArguments, command), true);
    report(`${label}, existing data dir:`, await measure(dataDir, extraArguments, command), false);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await runTwice('npm start', [], NPM_START);
await runTwice('PGlite', []);

const serverUrl = process.env.POLITY_BENCH_PG_URL;
if (serverUrl === undefined) {
  console.log('PostgreSQL: not measured (set POLITY_BENCH_PG_URL to a role that may create databases)');
} else {
  const databaseName = `polity_first_answer_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    await runTwice('PostgreSQL', ['--archive-db', url.toString()]);
  } finally {
    await admin.query(`DROP DATABASE ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
}
