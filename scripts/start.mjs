// `npm start`: builds the dashboard and the service only when their sources changed since the
// last build, then runs the service. A build is recognised by a digest of every file it was made
// from (contents, not times: a fresh clone or checkout touches every time), written beside the
// build once it succeeded; a failed or interrupted build leaves no digest and is made again.
import { spawn, spawnSync } from 'node:child_process';

import { BUILDS, isUpToDate } from './build-inputs.mjs';

function buildIfChanged(label, build) {
  if (isUpToDate(build)) {
    console.log(`${label}: up to date (sources unchanged since ${build.stamp} was written)`);
    return;
  }
  // The build writes its digest itself (scripts/stamp-build.mjs) once it succeeded.
  const run = spawnSync('npm', ['run', build.command], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

buildIfChanged('dashboard', BUILDS.dashboard);
buildIfChanged('service', BUILDS.service);

// The service runs as this process's child: a stop sent to this process (a process manager's
// SIGTERM, not only Ctrl-C's SIGINT to the whole group) reaches it, and its exit code is ours.
const service = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.mjs', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => service.kill(signal));
service.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
