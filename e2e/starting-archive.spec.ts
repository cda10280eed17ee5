import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import { freePort, getJson } from '../server/test/polity-process.ts';

// A new user's first minute: a new data dir, the service started, the overview opened at once,
// while the archive is still opening and reading. Whatever the page says then, it never says
// "none" where the node has some: it says what it waits for, and shows them once read.
test.skip(({ baseURL }) => !baseURL?.endsWith(':4173'), 'a process of its own: run once');

const NONE = ['No proposal is open for voting.', 'No proposal matches these filters.', '0 open'];

test.describe('a page opened while the archive starts', () => {
  let polity: ChildProcess | undefined;

  test.afterAll(() => {
    polity?.kill('SIGTERM');
  });

  test('never shows an empty state the node contradicts', async ({ page }) => {
    test.setTimeout(240_000);
    const folder = mkdtempSync(path.join(tmpdir(), 'polity-starting-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    polity = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/main.ts', '--port', String(port), '--data-dir', folder, '--rpc-port', 'off'],
      { stdio: 'ignore' },
    );
    // The page opens the moment the service answers: the archive is still opening then.
    await expect
      .poll(async () => (await fetch(`${base}/polity/archive/v1/status`).catch(() => null))?.status ?? 0, {
        timeout: 60_000,
        intervals: [100],
      })
      .toBe(200);
    // Every text the overview and the proposals page show, as they change: a "none" shown for a
    // moment would be enough to mislead.
    await page.addInitScript((phrases: string[]) => {
      const seen: string[] = [];
      (window as unknown as { polityNoneSeen: string[] }).polityNoneSeen = seen;
      const look = () => {
        const text = document.body?.innerText ?? '';
        for (const phrase of phrases) if (text.includes(phrase) && !seen.includes(phrase)) seen.push(phrase);
      };
      new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
    }, NONE);
    await page.goto(base);
    const started = await getJson<{ phase: string; latest_height: string | null }>(`${base}/polity/archive/v1/status`);
    // Once the archive has read the present, the open proposals are there: the node had them all along.
    await expect(page.getByTestId('open-proposals')).toBeVisible({ timeout: 180_000 });
    await page.goto(`${base}/proposals?open=1`);
    await expect(page.getByRole('table', { name: 'Proposals' })).toBeVisible({ timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { polityNoneSeen: string[] }).polityNoneSeen);
    expect(seen, `the archive was ${started.phase} at height ${started.latest_height} when the page opened`).toEqual(
      [],
    );
  });
});
