import { expect, test } from '@playwright/test';

import { api } from './chain.ts';
import { onABusyOpenProposal } from './pages.ts';

// Pages opened straight from a link, and how they look and read with the keyboard.

test.describe('deep links and looks', () => {
  test('a deep link opens cold and survives a reload', async ({ browser, baseURL }) => {
    const ctx = await browser.newContext({ baseURL });
    const page = await ctx.newPage();
    // Any open proposal with votes: the live chain decides some as it goes.
    await onABusyOpenProposal(page.request, async (p) => {
      const { votes } = await api<{ votes: { voter: string }[] }>(
        page.request,
        `/cosmos/group/v1/votes_by_proposal/${p.id}?pagination.limit=1`,
      );
      await page.goto(`/proposals/${p.id}/votes/${votes[0].voter}`);
      await expect(page.getByRole('heading', { name: 'Vote' })).toBeVisible();
      await page.goto(`/proposals/${p.id}?api=`);
      await page.reload();
      await expect(page.getByRole('heading', { name: p.title })).toBeVisible();
    });
    await ctx.close();
  });

  test('the overview renders (screenshot is not blank), in light and dark', async ({ page }, info) => {
    await page.goto('/');
    await expect(page.getByTestId('overview-groups')).toHaveText('39');
    await expect(page.getByTestId('open-proposals')).toBeVisible();
    const shot = await page.screenshot({ path: info.outputPath('overview.png'), fullPage: true });
    // Decode the PNG in the page and count its colours: a blank or single-colour page has a handful.
    const colours = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, img.width, img.height).data;
      const seen = new Set<number>();
      for (let i = 0; i < data.length; i += 4 * 7) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      return seen.size;
    }, shot.toString('base64'));
    expect(colours).toBeGreaterThan(50);
    const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(light);
    await page.screenshot({ path: info.outputPath('overview-dark.png'), fullPage: true });
  });

  test('keyboard: skip link and visible focus', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('overview-groups')).toHaveText('39');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(outline).not.toBe('none');
  });
});
