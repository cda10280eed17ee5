// How soon a reader's page says what its proof bundle proves: the compiled service (as `npm
// start` runs it, after the two builds) on a new demo chain with its archive; once the archive has
// proven its records, Chromium opens the proposal page with the largest bundle and the voter page
// of that proposal's busiest voter, each in a new browser context (empty cache), and times from
// navigation to the proof panel's verdict. Also the longest main-thread task meanwhile: the check
// runs in a worker, so the page must stay responsive. Budgets (a quiet machine): proposal ≤ 2 s,
// voter ≤ 5 s.
//   node scripts/page-verdict-bench.mjs [--runs 5]
/* global window, document, MutationObserver -- functions passed to the page */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { chromium } from '@playwright/test';

import { pageUrls } from './page-urls.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);
const BUDGETS_MS = { proposal: 2_000, 'largest proposal': 2_000, voter: 5_000 };
const ARCHIVE = '/polity/archive/v1';

const median = (figures) => [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)];
const sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function startService() {
  const dataDir = mkdtempSync(join(tmpdir(), 'polity-verdict-bench-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const service = spawn(
    process.execPath,
    ['dist-server/main.mjs', '--port', String(port), '--data-dir', dataDir, '--rpc-port', 'off'],
    { stdio: 'ignore' },
  );
  const stop = () => {
    service.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base: `http://127.0.0.1:${port}`, stop };
}

async function json(base, path) {
  const answer = await fetch(base + path).catch(() => null);
  return answer?.ok ? answer.json() : null;
}

/** Whether the archive has proven every vote it holds (its first proofs come in a few seconds). */
async function votesProven(base) {
  const records = (await json(base, `${ARCHIVE}/status`))?.proofs?.records;
  return records?.vote?.unproven === '0' && Number(records?.vote?.proven ?? 0) > 0;
}

/** The proven proposal with the largest bundle, and the voter of it who cast the most votes. */
async function subjects(base) {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (!(await votesProven(base))) {
      await sleep(1_000);
      continue;
    }
    const listed = await json(base, `${ARCHIVE}/proposals?pagination.limit=200`);
    const sized = [];
    for (const { id } of listed?.proposals ?? []) {
      const answer = await fetch(`${base}${ARCHIVE}/proofs/proposals/${id}`).catch(() => null);
      if (!answer?.ok) continue;
      const text = await answer.text();
      if (JSON.parse(text).facts.length > 0) sized.push({ id, bytes: text.length });
    }
    if (sized.length > 0) {
      const bySize = sized.sort((a, b) => b.bytes - a.bytes);
      const largest = bySize[0];
      const typical = bySize[Math.floor(bySize.length / 2)];
      // The voter page the dashboard's own journeys open: a core contributor, on many proposals.
      const voterPath = (await pageUrls(base)).voter;
      const address = voterPath.split('/').at(-1);
      const cast = await json(
        base,
        `${ARCHIVE}/voters/${address}/votes?pagination.limit=1000&pagination.count_total=true`,
      );
      const busiest = { voter: address, count: Number(cast?.pagination?.total ?? cast?.votes?.length ?? 0) };
      return { proposal: largest, typical, voter: busiest };
    }
    await sleep(1_000);
  }
  throw new Error('the archive proved no proposal within 4 minutes');
}

/** Marks when the proof panel's headline first reads a verdict, and the longest task before it. */
const watchVerdict = () => {
  window.__longestTask = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (window.__verdictAt === undefined) window.__longestTask = Math.max(window.__longestTask, entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const record = () => {
    const headline = document.querySelector('[data-testid="proof-headline"]');
    if (
      window.__verdictAt === undefined &&
      headline &&
      /^(Proven|Follows|Refused|Not)/.test(headline.textContent ?? '')
    )
      window.__verdictAt = performance.now();
  };
  new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
};

async function timeToVerdict(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(watchVerdict);
  await page.goto(url);
  await page.waitForFunction(() => window.__verdictAt !== undefined, null, { timeout: 60_000 });
  const figures = await page.evaluate(() => ({
    at: window.__verdictAt,
    longest: window.__longestTask,
    // When the bundle's last byte arrived: the rest is the check itself.
    bundleAsked: Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/proofs/'))
        .map((entry) => entry.startTime),
    ),
    bundleAt: Math.max(
      0,
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/proofs/'))
        .map((entry) => entry.responseEnd),
    ),
  }));
  const headline = (await page.getByTestId('proof-headline').first().textContent()) ?? '';
  await context.close();
  return { ...figures, headline };
}

const service = await startService();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const { proposal, typical, voter } = await subjects(service.base);
  const pages = {
    proposal: { url: `/proposals/${typical.id}`, what: `the median bundle, ${(typical.bytes / 1e6).toFixed(2)} MB` },
    'largest proposal': {
      url: `/proposals/${proposal.id}`,
      what: `the largest bundle, ${(proposal.bytes / 1e6).toFixed(2)} MB`,
    },
    voter: { url: `/voters/${voter.voter}`, what: `${voter.count} votes` },
  };
  console.log(`a proof verdict in Chromium, from navigation (${RUNS} runs each, a new browser context each)`);
  for (const [kind, { url, what }] of Object.entries(pages)) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await timeToVerdict(browser, service.base + url));
    const at = median(runs.map((run) => run.at));
    const longest = Math.max(...runs.map((run) => run.longest));
    const bundleAt = median(runs.map((run) => run.bundleAt));
    const bundleAsked = median(runs.map((run) => run.bundleAsked));
    const verdict = at <= BUDGETS_MS[kind] ? 'within' : 'OVER';
    console.log(
      `  ${kind} page ${url.length > 40 ? `${url.slice(0, 40)}…` : url} (${what}): ${(at / 1000).toFixed(2)} s ` +
        `(median; budget ${BUDGETS_MS[kind] / 1000} s, ${verdict}); the bundle asked at ${(bundleAsked / 1000).toFixed(2)} s, in hand at ${(bundleAt / 1000).toFixed(2)} s; ` +
        `longest main-thread task ${Math.round(longest)} ms; ` +
        `"${runs[0].headline.slice(0, 48)}…"`,
    );
  }
} finally {
  await browser.close();
  service.stop();
}
