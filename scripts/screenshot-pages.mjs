// Screenshots of every kind of page, on desktop (1366×900) and phone (390×844), light and dark:
//   node scripts/screenshot-pages.mjs http://127.0.0.1:8080 /tmp/polity-shots [page-name-filter]
// Files are named <page>-<desktop|phone>-<light|dark>.png; keep them out of the repository.
/* global document -- functions passed to page.evaluate run in the browser */
import { mkdirSync } from 'node:fs';

import { chromium } from '@playwright/test';

import { pageUrls } from './page-urls.mjs';

const [, , base = 'http://127.0.0.1:8080', outDir = '/tmp/polity-shots', only = ''] = process.argv;
const PART = 1400;
const PARTS = 4;
const VIEWPORTS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

mkdirSync(outDir, { recursive: true });
const urls = await pageUrls(base);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const [name, path] of Object.entries(urls)) {
  if (only && !name.includes(only)) continue;
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    for (const scheme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport, colorScheme: scheme, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(base + path);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(400);
      // Long pages are cut into parts a viewer can show at full size (the first part is the view on arrival).
      const height = Math.min(await page.evaluate(() => document.documentElement.scrollHeight), PARTS * PART);
      for (let part = 0; part * PART < height; part++) {
        const file = `${outDir}/${name}-${device}-${scheme}${part ? `-part${part + 1}` : ''}.png`;
        const clip = { x: 0, y: part * PART, width: viewport.width, height: Math.min(PART, height - part * PART) };
        await page.screenshot({ path: file, fullPage: true, clip });
        console.log(`${file}${errors.length ? ` errors: ${errors.join(' | ')}` : ''}`);
      }
      await context.close();
    }
  }
}
await browser.close();
