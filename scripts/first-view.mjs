// How fast a cold proposal page shows its title, against static pages from the same server, and
// which API requests it makes: `node scripts/first-view.mjs [BASE_URL]` (after `npm run build`).
// Without BASE_URL it starts its own service on a fresh chain. Each run is a new browser context
// (empty cache); the figures are medians of RUNS runs. Two static pages: the dashboard's own page
// that needs no data (/nowhere, its "No page here" h1: the same HTML, scripts and styles, no API
// request), which is the target's reference, and a bare HTML file with the title, written into
// dist/ for the comparison and removed afterwards, for the floor of what the server can do.
/* global window, document, MutationObserver -- functions passed to page.evaluate run in the browser */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from '@playwright/test';

import { pageUrls } from './page-urls.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
/** After the page has shown title, tally and votes, requests in this quiet window still count as cold. */
const SETTLE_MS = 1500;
const PROBE = 'first-view-probe.html';
/** How long the last run stays on the live page to see what polls. */
const LIVE_MS = Number(process.env.LIVE_MS ?? 30_000);

async function startService() {
  const dataDir = mkdtempSync(join(tmpdir(), 'polity-first-view-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const args = ['--import', 'tsx', 'server/main.ts', '--port', String(port), '--data-dir', dataDir];
  const child = spawn(process.execPath, [...args, '--rpc-port', 'off', '--archive', 'off'], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (
      await fetch(`${base}/cosmos/upgrade/v1beta1/module_versions`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
  }
  return { base, stop: () => (child.kill(), rmSync(dataDir, { recursive: true, force: true })) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Records when an h1 containing `title` first appears, in ms since navigation start. */
const watchTitle = (title) => {
  const seen = () => [...document.querySelectorAll('h1')].some((h1) => h1.textContent?.includes(title));
  const record = () => {
    if (window.__titleAt === undefined && seen()) window.__titleAt = performance.now();
  };
  new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
};

async function timeToTitle(browser, url, title) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(watchTitle, title);
  const requests = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/cosmos/')) requests.push(request.url().replace(/^https?:\/\/[^/]+/, ''));
  });
  let transferred = 0;
  page.on('response', async (response) => {
    const sizes = await response
      .request()
      .sizes()
      .catch(() => null);
    if (sizes) transferred += sizes.responseBodySize + sizes.responseHeadersSize;
  });
  await page.goto(url);
  await page.waitForFunction(() => window.__titleAt !== undefined, null, { timeout: 30_000 });
  const titleAt = await page.evaluate(() => window.__titleAt);
  return { page, context, titleAt, requests, transferred: () => transferred };
}

const own = process.argv[2] ? null : await startService();
const base = process.argv[2] ?? own.base;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const proposalPath = (await pageUrls(base))['proposal-open'];
  const id = proposalPath.split('/').at(-1);
  const { proposal } = await (await fetch(`${base}/cosmos/group/v1/proposal/${id}`)).json();
  writeFileSync(`dist/${PROBE}`, `<!doctype html><meta charset="utf-8"><title>probe</title><h1>${proposal.title}</h1>`);
  const bare = [];
  const noData = [];
  const app = [];
  let lastRequests = [];
  let lastTransferred = 0;
  let livePolls = [];
  for (let run = 0; run < RUNS; run++) {
    const file = await timeToTitle(browser, `${base}/${PROBE}`, proposal.title);
    await file.context.close();
    const shell = await timeToTitle(browser, `${base}/nowhere`, 'No page here');
    await shell.context.close();
    const page = await timeToTitle(browser, `${base}${proposalPath}`, proposal.title);
    // Cold = until title, tally and the first votes are on screen and the network has been quiet a while.
    await page.page.getByTestId('list-count').first().waitFor({ timeout: 30_000 });
    await page.page.waitForLoadState('networkidle');
    await page.page.waitForTimeout(SETTLE_MS);
    lastRequests = [...page.requests];
    lastTransferred = page.transferred();
    if (run === RUNS - 1) {
      // Then live: what polls, and how often, over LIVE_MS.
      const before = page.requests.length;
      await page.page.waitForTimeout(LIVE_MS);
      const polled = new Map();
      for (const url of page.requests.slice(before)) {
        const what = url.replace(/\?.*$/, '').replace(/\/[^/]*\d[^/]*$/, '/…');
        polled.set(what, (polled.get(what) ?? 0) + 1);
      }
      livePolls = [...polled].map(([what, count]) => `${count}× ${what}`);
    }
    await page.context.close();
    bare.push(file.titleAt);
    noData.push(shell.titleAt);
    app.push(page.titleAt);
  }
  const unique = new Set(lastRequests);
  const ratio = median(app) / median(noData);
  console.log(`proposal page ${proposalPath}, ${RUNS} cold runs (medians)`);
  console.log(`  bare HTML file, h1 at          ${median(bare).toFixed(0)} ms`);
  console.log(`  static app page (/nowhere), h1 ${median(noData).toFixed(0)} ms`);
  console.log(`  proposal page, title h1 at     ${median(app).toFixed(0)} ms`);
  console.log(`  title/static ratio             ${ratio.toFixed(2)} (target ≤ 1.5)`);
  console.log(`  title/bare-HTML ratio          ${(median(app) / median(bare)).toFixed(2)}`);
  console.log(
    `  API requests cold              ${lastRequests.length} (${unique.size} distinct; target ≤ 5, no duplicate)`,
  );
  for (const request of lastRequests) console.log(`    ${request}`);
  console.log(
    `  bytes transferred              ${(lastTransferred / 1024).toFixed(1)} kB (headers and bodies, as sent)`,
  );
  console.log(`  then live for ${LIVE_MS / 1000} s: ${livePolls.join(', ') || 'no request'}`);
  // The overview, cold, for the same figures.
  const overview = await timeToTitle(browser, `${base}/`, 'Group governance');
  await overview.page.waitForLoadState('networkidle');
  await overview.page.waitForTimeout(SETTLE_MS);
  const kB = (overview.transferred() / 1024).toFixed(1);
  console.log(`overview "/" cold: ${overview.requests.length} API requests, ${kB} kB transferred`);
  await overview.context.close();
} finally {
  rmSync(`dist/${PROBE}`, { force: true });
  await browser.close();
  own?.stop();
}
