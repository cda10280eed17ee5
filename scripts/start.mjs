// `npm start`: builds the dashboard and the service only when their sources changed since the
// last build, then runs the service. A build is recognised by a digest of every file it was made
// from (contents, not times: a fresh clone or checkout touches every time), written beside the
// build once it succeeded; a failed or interrupted build leaves no digest and is made again.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DASHBOARD_INPUTS = [
  'src',
  'verify',
  'index.html',
  'vite.config.ts',
  'postcss.config.cjs',
  'tsconfig.json',
  'tsconfig.app.json',
  'tsconfig.node.json',
  'package-lock.json',
  'scripts/compress-assets.mjs',
];
const SERVICE_INPUTS = ['server', 'verify', 'package-lock.json', 'scripts/build-server.mjs'];

function* filesUnder(path) {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* filesUnder(join(path, entry));
}

function digestOf(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs)
    for (const file of filesUnder(input)) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

function buildIfChanged(label, inputs, stampFile, command) {
  const digest = digestOf(inputs);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === digest) {
    console.log(`${label}: up to date (sources unchanged since ${stampFile} was written)`);
    return;
  }
  const run = spawnSync('npm', ['run', command], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  writeFileSync(stampFile, `${digest}\n`);
}

buildIfChanged('dashboard', DASHBOARD_INPUTS, 'dist/.sources-digest', 'build');
buildIfChanged('service', SERVICE_INPUTS, 'dist-server/.sources-digest', 'build:server');

// The service runs as this process's child: a stop sent to this process (a process manager's
// SIGTERM, not only Ctrl-C's SIGINT to the whole group) reaches it, and its exit code is ours.
const service = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.mjs', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => service.kill(signal));
service.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
