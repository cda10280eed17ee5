import { expect, test, type Page } from '@playwright/test';

import { axeViolations } from './axe.ts';
import { api, groupNamed } from './chain.ts';
import { busiestOpenProposal, everyPage, onABusyOpenProposal, provenProposal } from './pages.ts';

// Pages a phone can read, that axe finds no violation on, that a keyboard can get through,
// and whose words are true. Accessibility and layout do not depend on the pagination flavour, so
// these run against the extended service only.
test.skip(({ baseURL }) => !baseURL?.endsWith(':4173'), 'layout and accessibility run once');

/** Waits until the page has its heading and no loading placeholder is left. */
async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(300);
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

test.describe('accessibility (axe-core)', () => {
  test.use({ bypassCSP: true });
  for (const scheme of ['light', 'dark'] as const) {
    test(`no axe violation on any page or dialog, phone and desktop, ${scheme}`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      const found: Record<string, string[]> = {};
      const pages = Object.entries({
        ...(await everyPage(page.request)),
        chains: '/chains',
        search: '/search?q=community',
      });
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        for (const [name, path] of pages) {
          await page.goto(path);
          await settled(page);
          const violations = await axeViolations(page);
          if (violations.length > 0) found[`${name} (${viewport.width} px)`] = violations;
        }
        const at = `${viewport.width} px`;
        // What opens over a page: the chain dialog, the phone's menu, a proof's steps and facts.
        await page.goto('/');
        await settled(page);
        await page.getByTestId('endpoint-button').click();
        await expect(page.getByRole('dialog', { name: 'Which chain to read' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
        const dialog = await axeViolations(page);
        if (dialog.length > 0) found[`chain dialog (${at})`] = dialog;
        await page.keyboard.press('Escape');
        if (viewport === PHONE) {
          await page.getByTestId('menu-button').click();
          await expect(page.locator('#phone-nav')).toBeVisible();
          const menu = await axeViolations(page);
          if (menu.length > 0) found[`phone menu (${at})`] = menu;
        }
        await page.goto(`/proposals/${await provenProposal(page.request)}`);
        await settled(page);
        const details = page.getByTestId('proof-panel').getByRole('button', { name: 'Show each step and fact' });
        await details.click({ timeout: 30_000 });
        await expect(page.getByTestId('proof-details')).toBeVisible();
        const steps = await axeViolations(page);
        if (steps.length > 0) found[`proof steps and facts (${at})`] = steps;
      }
      expect(found).toEqual({});
    });
  }
});

/** Cells (and badges) whose text does not fit: scrollWidth beyond clientWidth. */
function clippedCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cells = document.querySelectorAll<HTMLElement>(
      'td, th, [role="cell"], [role="columnheader"], .mantine-Badge-label',
    );
    return [...cells]
      .filter((cell) => cell.closest('[data-layout="cards"] [aria-rowindex="1"]') === null) // read by screen readers only
      .filter((cell) => cell.offsetParent !== null && cell.scrollWidth > cell.clientWidth + 1)
      .map(
        (cell) =>
          `${cell.tagName.toLowerCase()}[${cell.getAttribute('role') ?? ''}] "${cell.textContent?.slice(0, 40)}"`,
      );
  });
}

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('no page clips a cell, none scrolls sideways, and the header stays compact', async ({ page }) => {
    test.setTimeout(120_000);
    const found: Record<string, string[]> = {};
    for (const [name, path] of Object.entries(await everyPage(page.request))) {
      await page.goto(path);
      await settled(page);
      const problems = await clippedCells(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) problems.push(`the page is ${width} px wide`);
      if (problems.length > 0) found[name] = problems;
    }
    expect(found).toEqual({});
    const header = await page.locator('header').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(56);
    // The chain being read stays named in the header, inside the screen.
    const chain = page.getByTestId('endpoint-button');
    await expect(chain).toHaveText('Chain: Embedded', { useInnerText: true });
    await expect(chain).toBeInViewport({ ratio: 1 });
  });
});

test.describe('long lists and the keyboard', () => {
  test('“Load more” is reached by Tab on a long list, and each row is one tab stop', async ({ page }) => {
    const community = await groupNamed(page.request, 'Community assembly');
    await page.goto(`/groups/${community.id}`);
    const members = page.locator('#members');
    await expect(members.getByTestId('list-count')).toHaveText(/^100 of 2,50\d members$/);
    await members.getByLabel('Sort by').focus();
    let reached = false;
    for (let presses = 0; presses < 8 && !reached; presses++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => /^Load more/.test(document.activeElement?.textContent?.trim() ?? ''));
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await expect(members.getByTestId('list-count')).toHaveText(/^200 of 2,50\d members$/);
    // From a row, Tab goes to the next row: nothing else in a row takes focus.
    const rows = members.getByRole('row');
    await rows.nth(1).getByRole('link').focus();
    for (const next of [2, 3, 4]) {
      await page.keyboard.press('Tab');
      await expect(rows.nth(next).getByRole('link')).toBeFocused();
    }
  });

  test('an address search and a sort cover the whole member list, read with progress', async ({ page }) => {
    const community = await groupNamed(page.request, 'Community assembly');
    const path = `/cosmos/group/v1/group_members/${community.id}`;
    const { pagination } = await api<{ pagination: { total: string } }>(
      page.request,
      `${path}?pagination.limit=1&pagination.count_total=true`,
    );
    const total = Number(pagination.total);
    const { members } = await api<{ members: { member: { address: string } }[] }>(
      page.request,
      `${path}?pagination.limit=1&pagination.offset=${total - 1}`,
    );
    const last = members[0].member.address;
    // The chain lives on: a member's weight can change while the page reads the list, so the
    // heaviest is known as it was just before the page read every page and just after.
    const heaviestNow = async () => {
      const { members: everyone } = await api<{ members: { member: { weight: string } }[] }>(
        page.request,
        `${path}?pagination.limit=5000`,
      );
      return Math.max(...everyone.map(({ member }) => Number(member.weight)));
    };
    await page.goto(`/groups/${community.id}`);
    const section = page.locator('#members');
    const count = section.getByTestId('list-count');
    await expect(count).toHaveText(/^100 of 2,5\d\d members$/);
    const heaviestBefore = await heaviestNow();
    // A part of the last member's address: only reading every page can find it.
    await section.getByLabel('Find a member').fill(last.slice(10, 24));
    await expect(section.getByTestId('whole-list-progress')).toBeVisible();
    await expect(section.getByRole('table').locator(`[title="${last}"]`)).toBeVisible({ timeout: 30_000 });
    await expect(count).toHaveText(/^2,5\d\d members · 1 match$/);
    await expect(section.getByText(/Applied to all 2,5\d\d members, loaded in full/)).toBeVisible();
    // Heaviest first, over all of them.
    await section.getByLabel('Find a member').fill('');
    await section.getByLabel('Sort by').selectOption('weight');
    const heaviestAfter = await heaviestNow();
    const either = new RegExp(`^(${heaviestBefore}|${heaviestAfter})$`);
    await expect(section.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(either, { timeout: 30_000 });
  });

  test('the option filter covers every vote, and a whole address is asked of the server', async ({ page }) => {
    test.setTimeout(120_000);
    await onABusyOpenProposal(page.request, async (busiest) => {
      await page.goto(`/proposals/${busiest.id}?option=VOTE_OPTION_NO`);
      const votes = page.getByRole('region', { name: 'Votes', exact: true });
      const count = votes.getByTestId('list-count');
      await expect(count).toHaveText(/^[\d,]+ votes? · [\d,]+ match(es)?$|^[\d,]+ votes?$/, { timeout: 30_000 });
      // Votes keep coming on a live chain: the list holds at least what was stored when the test chose it.
      const shown = Number((await count.textContent())!.split(' ')[0].replace(/,/g, ''));
      expect(shown).toBeGreaterThanOrEqual(busiest.votes);
      const table = votes.getByRole('table', { name: 'Votes' });
      await expect(table.getByText(/^(Yes|Abstain|No with veto)$/)).toHaveCount(0);
      const { votes: stored } = await api<{ votes: { voter: string }[] }>(
        page.request,
        `/cosmos/group/v1/votes_by_proposal/${busiest.id}?pagination.limit=1&pagination.offset=${busiest.votes - 1}`,
      );
      await page.goto(`/proposals/${busiest.id}`);
      await votes.getByLabel('Find a voter').fill(stored[0].voter);
      await expect(votes.getByTestId('vote-lookup')).toContainText('Found on the server');
    });
  });
});

test.describe('true words', () => {
  test('the tally of a proposal whose group changed since submission does not say “can no longer change”', async ({
    page,
  }) => {
    const open = await busiestOpenProposal(page.request);
    const { info } = await api<{ info: { total_weight: string; version: string } }>(
      page.request,
      `/cosmos/group/v1/group_info/${open.groupId}`,
    );
    // The group has moved on since submission (as live membership drift does), and yes has reached the line.
    await page.route(`**/cosmos/group/v1/group_info/${open.groupId}`, (route) =>
      route.fulfill({ json: { info: { ...info, version: String(Number(info.version) + 6) } } }),
    );
    await page.route(`**/cosmos/group/v1/proposals/${open.id}/tally`, (route) =>
      route.fulfill({
        json: { tally: { yes_count: info.total_weight, abstain_count: '0', no_count: '0', no_with_veto_count: '0' } },
      }),
    );
    await page.goto(`/proposals/${open.id}`);
    await expect(page.getByTestId('group-changed')).toContainText('The group has changed since submission');
    const outcome = page.getByTestId('tally-outcome');
    await expect(outcome).toContainText('At current membership and weights');
    await expect(outcome).toContainText('Yes has reached it');
    await expect(outcome).not.toContainText('can no longer change');
  });
});
