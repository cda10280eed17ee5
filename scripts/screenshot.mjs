// Takes a screenshot of a running Polity page in Debian's chromium, and reports console errors:
//   node scripts/screenshot.mjs http://127.0.0.1:8080/proposals/5 shot.png [width] [height] [light|dark]
import { chromium } from '@playwright/test';

const [, , url, out = 'screenshot.png', width = '1280', height = '900', scheme = 'light'] = process.argv;
if (!url) {
  console.error('usage: node scripts/screenshot.mjs URL [out.png] [width] [height] [light|dark]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({
  viewport: { width: Number(width), height: Number(height) },
  colorScheme: scheme === 'dark' ? 'dark' : 'light',
});
const errors = [];
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto(url);
await page.waitForLoadState('networkidle');
await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
console.log(`${out} written; console errors: ${errors.length ? errors.join(' | ') : 'none'}`);
await browser.close();
