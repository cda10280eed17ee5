import { expect, test, type Page } from '@playwright/test';

import { api, groupNamed } from './chain.ts';
import { busiestOpenProposal } from './pages.ts';

// Finding things from any page's header, and reading times in the reader's own zone.

const field = (page: Page) => page.getByRole('searchbox', { name: 'Search groups, proposals and addresses' });
const results = (page: Page) => page.getByRole('region', { name: 'Results' });

test.describe('search from the header', () => {
  test('with an archive: / focuses it, the beginning of an address finds a member, results have a URL and back works', async ({
    page,
    request,
  }) => {
    const core = await groupNamed(request, 'Core contributors');
    const { members } = await api<{ members: { member: { address: string } }[] }>(
      request,
      `/cosmos/group/v1/group_members/${core.id}`,
    );
    const member = members[0].member.address;
    const prefix = member.slice(0, 'cosmos1'.length + 6);

    await page.goto('/groups');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('search', { name: 'Search Polity' })).toBeVisible();
    await page.keyboard.press('/');
    await expect(field(page)).toBeFocused();
    await page.keyboard.type(prefix);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${prefix}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Results for “${prefix}”` })).toBeVisible();
    const found = results(page).getByRole('link', { name: new RegExp(member) });
    await expect(found).toBeVisible();
    await expect(found).toContainText('member');

    // Keyboard only: down from the field into the results, Enter opens one.
    await field(page).focus();
    await page.keyboard.press('ArrowDown');
    const first = results(page).getByRole('link').first();
    await expect(first).toBeFocused();
    const firstHref = await first.getAttribute('href');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${firstHref}$`));

    // Back returns to the same results, then to where the search began.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${prefix}$`));
    await expect(found).toBeVisible();
    await expect(field(page)).toHaveValue(prefix);
    await page.goBack();
    await expect(page).toHaveURL(/\/groups$/);

    // Names, and a proposal by #id.
    await field(page).fill('core contrib');
    await field(page).press('Enter');
    await expect(results(page).getByRole('link', { name: /Group Core contributors/ })).toHaveAttribute(
      'href',
      `/groups/${core.id}`,
    );
    const open = await busiestOpenProposal(request, 1);
    await field(page).fill(`#${open.id}`);
    await field(page).press('Enter');
    await expect(results(page).getByRole('link', { name: new RegExp(`^Proposal #${open.id}`) })).toBeVisible();
  });

  test('on a plain node: ids and whole addresses still work, and the page says prefix and name search need an archive', async ({
    page,
  }) => {
    await page.goto('/search?q=cosmos1qy3z');
    await expect(page.getByTestId('search-no-archive')).toContainText('needs an archive');
    await expect(results(page)).toContainText('Finding addresses by their beginning needs an archive');
    await field(page).fill('p1');
    await field(page).press('Enter');
    await expect(page).toHaveURL(/\/proposals\/1$/);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test('an icon in the one-line header opens the field under it', async ({ page }) => {
      await page.goto('/upgrades');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(field(page)).toBeHidden();
      const header = await page.locator('header').boundingBox();
      expect(header?.height).toBeLessThan(60);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(field(page)).toBeFocused();
      const box = await field(page).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      // #1 is a proposal or a group: results on any node, archive or not.
      await page.keyboard.type('#1');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=%231$/);
      // The field stays open and focused above the results: the arrow keys go on into them.
      await expect(field(page)).toBeFocused();
      await expect(results(page).getByRole('link').first()).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await expect(results(page).getByRole('link').first()).toBeFocused();
      // Nothing on the results page is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
});

test.describe('times in the reader’s zone', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test('shown in Berlin time with the zone named, exact UTC on a press, UTC by a choice kept across reloads', async ({
    page,
    request,
  }) => {
    const core = await groupNamed(request, 'Core contributors');
    await page.goto(`/groups/${core.id}`);
    const created = page.locator('time').first();
    // November in Berlin is CET (the chain's history starts in late October, after the change).
    await expect(created).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2} CES?T$/);
    const button = page.getByRole('button', { name: /CES?T$/ }).first();
    await expect(button).toHaveAttribute('title', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)? UTC$/);
    await button.click();
    const details = page.getByRole('dialog');
    await expect(details).toContainText(/UTC: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await expect(details).toContainText('Your zone (Europe/Berlin)');
    await page.keyboard.press('Escape');

    // The header's switch: every time in UTC, and still so after a reload.
    const zone = page.getByTestId('time-zone-toggle');
    await expect(zone).toHaveText(/CES?T/);
    await zone.click();
    await expect(zone).toHaveText(/UTC/);
    await expect(created).toHaveText(/, \d{2}:\d{2}:\d{2} UTC$/);
    await page.reload();
    await expect(page.locator('time').first()).toHaveText(/, \d{2}:\d{2}:\d{2} UTC$/);
    await page.getByTestId('time-zone-toggle').click();
    await expect(page.locator('time').first()).toHaveText(/CES?T$/);
  });

  test('the live tally says when it was read in the reader’s zone, UTC on hover', async ({ page, request }) => {
    const open = await busiestOpenProposal(request, 2);
    await page.goto(`/proposals/${open.id}`);
    const updated = page.getByTestId('tally-updated');
    await expect(updated).toHaveText(/^Updated \d{2}:\d{2}:\d{2} CES?T$/);
    await expect(updated.locator('span[title]').first()).toHaveAttribute('title', /^\d{2}:\d{2}:\d{2} UTC$/);
  });

  test('a deadline says how far off it is beside its time', async ({ page, request }) => {
    const open = await busiestOpenProposal(request, 2);
    await page.goto(`/proposals/${open.id}`);
    const end = page.getByText(/\(in \d+ (minutes?|hours?|days?|seconds?)/).first();
    await expect(end).toBeVisible();
    await expect(page.getByRole('button', { name: /CES?T$/ }).first()).toBeVisible();
  });
});

test.describe('times in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the live tally’s stamp is in the reader’s zone', async ({ page, request }) => {
    const open = await busiestOpenProposal(request, 2);
    await page.goto(`/proposals/${open.id}`);
    await expect(page.getByTestId('tally-updated')).toHaveText(/^Updated \d{2}:\d{2}:\d{2} E[SD]T$/);
  });
});
