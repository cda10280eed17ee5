import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { axeViolations } from './axe.ts';

// The upgrades page as a person reads it while the chain runs (blocks every 0.5 s, and on one
// node every 2 s): the countdown keeps the chain's own pace and moves on by itself, module
// versions are listed once, a phone shows everything without sideways scrolling, and axe finds
// no axe violation.

const ARCHIVE = '/polity/archive/v1';

interface ArchivedPlans {
  applied: { name: string }[];
}

/**
 * Waits until the node has a plan scheduled at least `blocks` ahead, as a person would arrive
 * then: between an upgrade and the next gov decision there is none.
 */
async function planAhead(request: APIRequestContext, blocks: number): Promise<{ name: string; height: string }> {
  let found: { name: string; height: string } | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get('/cosmos/upgrade/v1beta1/current_plan');
        const { plan } = (await response.json()) as { plan: { name: string; height: string } | null };
        const latest = Number(response.headers()['x-cosmos-block-height'] ?? 'NaN');
        found = plan && Number(plan.height) - latest >= blocks ? plan : null;
        return found !== null;
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe(true);
  return found as unknown as { name: string; height: string };
}

/**
 * Waits until the archive has seen an upgrade applied (about a minute after the chain starts), so
 * the history has its timeline and rows to look at.
 */
async function untilAnUpgradeIsApplied(request: APIRequestContext) {
  await expect
    .poll(async () => ((await (await request.get(`${ARCHIVE}/upgrades`)).json()) as ArchivedPlans).applied.length, {
      timeout: 120_000,
      intervals: [2000],
    })
    .toBeGreaterThan(0);
}

/** "PT1M5S" → 65. */
function durationSeconds(iso: string | null): number {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(iso ?? '');
  if (!match) throw new Error(`not a duration: ${iso}`);
  const [days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  return ((days * 24 + hours) * 60 + minutes) * 60 + seconds;
}

const blocksLeft = async (page: Page) =>
  Number((await page.getByTestId('blocks-left').textContent())?.replace(/[^\d]/g, '') || 'NaN');
const secondsLeft = async (page: Page) =>
  durationSeconds(await page.getByTestId('time-left').locator('time').getAttribute('datetime'));

/** Waits until the page has its heading, no loading placeholder, and the countdown's estimate (if a plan is scheduled). */
async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  const estimated = page.getByTestId('plan-eta').filter({ hasText: 'per block' });
  await expect(estimated.or(page.getByText('No upgrade is scheduled.')).first()).toBeVisible({ timeout: 15_000 });
}

/**
 * The countdown as a person reads it on a chain making a block every `blockSeconds`: the pace it
 * measured, the time left at that pace (not at a default 5 s), and both moving on by themselves.
 */
async function followCountdown(page: Page, request: APIRequestContext, blockSeconds: number, planBlocks: number) {
  const plan = await planAhead(request, planBlocks);
  await page.goto('/upgrades');
  await expect(page.getByTestId('plan-countdown')).toContainText(plan.name);
  const eta = page.getByTestId('plan-eta');
  await expect(eta).toContainText(/ETA .* s per block, median of the last \d+ blocks/, { timeout: 30_000 });
  const pace = Number(/([\d.]+) s per block/.exec((await eta.textContent()) ?? '')?.[1]);
  expect(pace, `seconds per block, measured on a chain making a block every ${blockSeconds} s`).toBeGreaterThan(
    blockSeconds * 0.6,
  );
  expect(pace).toBeLessThan(blockSeconds * 2);
  const [blocks, seconds] = [await blocksLeft(page), await secondsLeft(page)];
  expect(seconds).toBeLessThanOrEqual(Math.ceil(blocks * blockSeconds * 2) + 1);
  expect(seconds).toBeGreaterThanOrEqual(Math.floor(blocks * blockSeconds * 0.5));
  // Without reloading, the block count follows the chain and the time left runs down.
  await expect.poll(() => blocksLeft(page), { timeout: 10_000 }).toBeLessThan(blocks);
  await expect.poll(() => secondsLeft(page), { timeout: 10_000 }).toBeLessThan(seconds);
}

test.describe('the upgrade countdown', () => {
  test('estimates from the measured block times and counts down while the page stays open', async ({
    page,
    request,
  }) => {
    await followCountdown(page, request, 0.5, 30);
  });

  test('on a 2 s chain: the estimate keeps the slower pace', async ({ page, request }) => {
    // A plan is proposed, voted for 15 s and then due 120 blocks on: at 2 s a block, one is at
    // least 15 blocks ahead within about two minutes of any moment.
    test.setTimeout(200_000);
    await followCountdown(page, request, 2, 15);
  });
});

test.describe('with an archive', () => {
  test('module versions are listed once, first seen where the archive’s record begins', async ({ page }) => {
    await page.goto('/upgrades');
    const versions = page.getByTestId('module-versions');
    await expect(versions).toContainText('protocolpool');
    await expect(page.getByText('protocolpool', { exact: true })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Module versions' })).toHaveCount(1);
    await expect(page.getByTestId('module-record-start')).toContainText(/record begins at height [\d,]+/);
    // protocolpool is never bumped here: unchanged since the record's start, which is said once above.
    await expect(versions.getByRole('row', { name: /^protocolpool/ })).toContainText(
      'unchanged in the archive’s record',
    );
  });

  test.describe('on a phone (390 × 844)', () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test('tables become cards: nothing is cut off or wider than the screen', async ({ page, request }) => {
      test.setTimeout(150_000);
      await untilAnUpgradeIsApplied(request);
      await page.goto('/upgrades');
      await settled(page);
      const applied = page.getByTestId('applied-history');
      await expect(applied).toHaveAttribute('data-layout', 'stacked');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // Every plan name on one line ("v6-cirrus", never "v6-" and "cirrus"), inside the screen.
      const names = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('main [style*="nowrap"] bdi')].map((name) => ({
          text: name.textContent,
          lines: name.getClientRects().length,
          right: name.getBoundingClientRect().right,
        })),
      );
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) {
        expect(name.lines, `${name.text} on one line`).toBe(1);
        expect(name.right, `${name.text} within the screen`).toBeLessThanOrEqual(390);
      }
      // A plan's info gets the card's whole width, not a column a word wide.
      const info = applied.locator('dd[data-wide]').first();
      expect((await info.boundingBox())?.width).toBeGreaterThan(250);
    });
  });
});

test.describe('with an archive: accessibility (axe-core, WCAG 2.2 AA)', () => {
  test.use({ bypassCSP: true });
  for (const [device, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1366, height: 900 }],
  ] as const)
    for (const scheme of ['light', 'dark'] as const)
      test(`no axe violation on the upgrades page, ${device}, ${scheme}`, async ({ page, request }) => {
        test.setTimeout(150_000);
        await untilAnUpgradeIsApplied(request);
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        await page.goto('/upgrades');
        await settled(page);
        expect(await axeViolations(page)).toEqual([]);
      });
});
