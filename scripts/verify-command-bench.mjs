// How long the auditor's command takes, and the memory it needs: the built polity-verify
// (packages/polity-verify, plain JavaScript) run as a new process each time, as a shell runs it.
//   node scripts/verify-command-bench.mjs [--runs 5]
// Budgets: --help ≤ 0.3 s; a 50 kB bundle ≤ 0.5 s; a 5 MB bundle ≤ 3 s. Prints each median with
// `within` or `OVER`, the peak resident memory, and the tsx-compiled command beside it for scale.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);
const root = path.resolve(import.meta.dirname, '..');
const { buildVerifier } = await import('./build-verifier.mjs');
const { completeBundle, TRUSTING_PERIOD } = await import('./forged-proposal-bundle.mjs');

const command = await buildVerifier();
const folder = mkdtempSync(path.join(tmpdir(), 'polity-verify-bench-'));
const vectors = JSON.parse(readFileSync(path.join(root, 'test-vectors/completeness-vectors.json'), 'utf8'));
const small = path.join(folder, 'proposal-50kB.json');
writeFileSync(
  small,
  JSON.stringify(vectors.vectors.find((vector) => vector.name === 'genuine proposal bundle').bundle),
);
const large = path.join(folder, 'proposal-5MB.json');
writeFileSync(large, JSON.stringify(completeBundle(2200, 25, 0)));

const vectorClock = ['--at', vectors.at, '--trusting-period', String(vectors.trusting_period_seconds)];
const forgedClock = ['--trusting-period', String(TRUSTING_PERIOD)];
const cases = [
  { name: '--help', args: ['--help'], budget: 0.3 },
  {
    name: `a ${Math.round(statSync(small).size / 1000)} kB proposal bundle`,
    args: [small, ...vectorClock],
    budget: 0.5,
  },
  {
    name: `a ${(statSync(large).size / 1e6).toFixed(1)} MB proposal bundle (2,200 votes, walked complete)`,
    args: [large, ...forgedClock],
    budget: 3,
  },
];

/** Seconds and peak memory (kB) of one run, measured by time(1) around the process. */
function once(program, args) {
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', program, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0 && run.status !== 3) throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return { seconds, peakKb: Number(run.stderr.trim().split('\n').at(-1)) };
}
const median = (list) => [...list].sort((left, right) => left - right)[Math.floor(list.length / 2)];

console.log(
  `polity-verify, the built command (${(statSync(command).size / 1e6).toFixed(1)} MB of JavaScript), median of ${RUNS} runs:`,
);
for (const { name, args, budget } of cases) {
  const runs = Array.from({ length: RUNS }, () => once(process.execPath, [command, ...args]));
  const seconds = median(runs.map((run) => run.seconds));
  const peak = Math.max(...runs.map((run) => run.peakKb));
  const viaTsx = once(process.execPath, ['--import', 'tsx', path.join(root, 'bin/polity-verify.ts'), ...args]).seconds;
  console.log(
    `  ${name}: ${seconds.toFixed(2)} s (budget ${budget} s: ${seconds <= budget ? 'within' : 'OVER'}), ` +
      `peak ${Math.round(peak / 1024)} MB; compiled by tsx on each run: ${viaTsx.toFixed(2)} s`,
  );
}
execFileSync('rm', ['-r', folder]);
