// How long the reader's browser takes to check a proposal's proof bundle: a made-up chain (the
// test kit's forge-chain, five validators as on the embedded chain) holds one proposal's 2,500
// votes, spread over fewer or more blocks; the bundle is checked in Chromium by the dashboard's
// own worker (src/features/proofs/verify-worker.ts, bundled here with esbuild), as a page does.
//   node scripts/verify-in-browser-bench.mjs [--votes 2500] [--per-block 25[,5,1]] [--runs 5]
// Prints, per spread: the bundle's size, the signed headers it holds, and the time from handing
// the bytes to a new worker to its report (median of the runs; the first, cold one apart).
/* global Worker -- functions passed to page.evaluate run in the browser */
import { createServer } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { chromium } from '@playwright/test';
import { build } from 'esbuild';

const { completeBundle, proposalBundle, TRUSTING_PERIOD, validators } = await import('./forged-proposal-bundle.mjs');

const { values } = parseArgs({
  options: {
    votes: { type: 'string', default: '2500' },
    'per-block': { type: 'string', default: '25' },
    /** Non-voting members beside the voters, walked with them (the budget's bundle: none). */
    'non-voters': { type: 'string', default: '0' },
    runs: { type: 'string', default: '5' },
  },
});
const VOTES = Number(values.votes);
const RUNS = Number(values.runs);
const root = path.resolve(import.meta.dirname, '..');
const worker = await build({
  entryPoints: [path.join(root, 'src/features/proofs/verify-worker.ts')],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  write: false,
});
const files = { '/worker.js': { type: 'text/javascript', body: worker.outputFiles[0].contents } };
const server = createServer((request, response) => {
  const file = files[request.url ?? ''] ?? { type: 'text/html', body: '<!doctype html><title>bench</title>' };
  response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' });
  response.end(file.body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const seconds = (millis) => `${(millis / 1000).toFixed(2)} s`;
const median = (list) => [...list].sort((left, right) => left - right)[Math.floor(list.length / 2)];
console.log(
  `verifying a proposal's proof bundle in Chromium (a worker, ${validators.length} validators, ${VOTES.toLocaleString('en-US')} votes)`,
);
const spreads = values['per-block'].split(',').map(Number);
const variants = [
  ...spreads.map((perBlock) => ({ perBlock, complete: false })),
  { perBlock: spreads[0], complete: true },
];
for (const { perBlock, complete } of variants) {
  const bundle = complete
    ? completeBundle(VOTES, perBlock, Number(values['non-voters']))
    : proposalBundle(VOTES, perBlock).bundle;
  files['/bundle.json'] = { type: 'application/json', body: JSON.stringify(bundle) };
  const page = await browser.newPage();
  await page.goto(base);
  const times = await page.evaluate(
    async ({ runs, TRUSTING_PERIOD }) => {
      const bytes = new Uint8Array(await (await fetch('/bundle.json')).arrayBuffer());
      const out = [];
      for (let run = 0; run < runs + 1; run += 1) {
        const started = performance.now();
        const checker = new Worker('/worker.js', { type: 'module' });
        const answer = await new Promise((resolve, reject) => {
          checker.onmessage = (event) => resolve(event.data);
          checker.onerror = (event) => reject(new Error(event.message));
          checker.postMessage({ bytes, trustingPeriodSeconds: TRUSTING_PERIOD });
        });
        checker.terminate();
        if (answer.error) throw new Error(answer.error);
        const { report, millis } = answer.verified;
        out.push({
          total: performance.now() - started,
          inWorker: millis,
          ok: report.ok,
          facts: report.facts.filter((fact) => fact.ok).length,
          problem: report.problem ?? report.facts.find((fact) => !fact.ok)?.problem ?? null,
          complete: report.completeness.filter((line) => line.state === 'complete' || line.state === 'reconciled')
            .length,
          signed: report.steps.filter((step) => step.how !== 'hash link').length,
          bytes: bytes.length,
        });
      }
      return out;
    },
    { runs: RUNS, TRUSTING_PERIOD },
  );
  await page.close();
  const [cold, ...warm] = times;
  if (!cold.ok || cold.facts !== bundle.facts.length)
    throw new Error(`the bundle did not verify: ${JSON.stringify(cold)}`);
  const took = median(warm.map((run) => run.total));
  console.log(
    `  ${perBlock} vote${perBlock === 1 ? '' : 's'} a block${complete ? `, complete (${cold.complete} lines complete or reconciled)` : ''}: ` +
      `${(cold.bytes / 1e6).toFixed(1)} MB, ${cold.signed.toLocaleString('en-US')} signed headers → ` +
      `${seconds(took)} (median of ${warm.length}; in the worker ${seconds(median(warm.map((run) => run.inWorker)))}; first ${seconds(cold.total)})`,
  );
  if (complete)
    console.log(
      `  budget for a ${VOTES.toLocaleString('en-US')}-vote complete bundle: ≤ 8 MB and ≤ 1.5 s in Chromium → ` +
        `${cold.bytes <= 8e6 ? 'within' : 'OVER'} (size), ${took <= 1500 ? 'within' : 'OVER'} (time)`,
    );
}
await browser.close();
server.close();
