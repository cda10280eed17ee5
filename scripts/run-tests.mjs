// `npm test`: every stage in turn — types, lint, format, unit (the Go checker included), build,
// the first page's size budget, end-to-end — stopping at the first that fails, and printing how long each took, so a slow
// stage is seen where it grows (CI allows 90 minutes; the suite should stay well under).
import { spawnSync } from 'node:child_process';

const STAGES = [
  ['types', 'typecheck'],
  ['lint', 'lint'],
  ['format', 'format:check'],
  ['unit', 'test:unit'],
  // A real Cosmos SDK chain built from the SDK's own modules (testchain/), followed from genesis.
  ['real chain', 'test:real-chain'],
  ['build', 'build'],
  ['size', 'size'],
  ['end-to-end', 'test:e2e'],
];

const times = [];
let failed = null;
for (const [name, script] of STAGES) {
  const started = performance.now();
  const run = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  times.push([name, (performance.now() - started) / 1000]);
  if (run.status !== 0) {
    failed = { name, status: run.status ?? 1 };
    break;
  }
}
const total = times.reduce((sum, [, seconds]) => sum + seconds, 0);
console.log('\nnpm test, stage by stage:');
for (const [name, seconds] of times) console.log(`  ${name.padEnd(11)} ${seconds.toFixed(0).padStart(5)} s`);
console.log(
  `  ${'total'.padEnd(11)} ${total.toFixed(0).padStart(5)} s${failed ? `  (stopped: ${failed.name} failed)` : ''}`,
);
process.exit(failed ? failed.status : 0);
