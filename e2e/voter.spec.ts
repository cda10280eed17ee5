import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { axeViolations } from './axe.ts';
import { api, groupNamed, proposalTitled } from './chain.ts';

// A voter's page and inbox with the archive: participation in every group ever joined (one the
// voter left included), counts that agree with the list of votes, a phone's menu, and nothing
// an axe violation (WCAG 2.2 AA) at phone and desktop widths, light and dark.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const NAV = ['Overview', 'Groups', 'Proposals', 'Upgrades', 'Following'] as const;
const PATHS = ['/', '/groups', '/proposals', '/upgrades', '/following'];

/** Leo: he voted "see you all" in the Departed member group, then left it. */
async function departedVoter(request: APIRequestContext) {
  const proposal = await proposalTitled(request, 'Departed member', 'Vote of a departed member');
  const { votes } = await api<{ votes: { voter: string; metadata: string }[] }>(
    request,
    `/cosmos/group/v1/votes_by_proposal/${proposal.id}?pagination.limit=100`,
  );
  return { leo: votes.find((vote) => vote.metadata === 'see you all')!.voter, proposal };
}

/** A member of the most groups among the Core contributors (several groups, live votes). */
async function busyVoter(request: APIRequestContext): Promise<string> {
  const core = await groupNamed(request, 'Core contributors');
  const { members } = await api<{ members: { member: { address: string } }[] }>(
    request,
    `/cosmos/group/v1/group_members/${core.id}?pagination.limit=100`,
  );
  let best = { address: '', groups: 0 };
  for (const { member } of members) {
    const { groups } = await api<{ groups: unknown[] }>(
      request,
      `/cosmos/group/v1/groups_by_member/${member.address}?pagination.limit=100`,
    );
    if (groups.length > best.groups) best = { address: member.address, groups: groups.length };
  }
  return best.address;
}

async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  // A voter's page checks its whole bundle in the browser (every vote, and now each proposal's
  // group binding): on a loaded machine that took longer than 15 s.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 45_000 });
  await page.waitForTimeout(300);
}

const numberIn = (text: string | null, pattern: RegExp) =>
  Number((pattern.exec(text ?? '')?.[1] ?? 'NaN').replace(/,/g, ''));

test.describe('with an archive: a voter’s groups', () => {
  test('the departed voter’s page lists the group he left, when he left, and his vote there', async ({ page }) => {
    const { leo, proposal } = await departedVoter(page.request);
    const group = await groupNamed(page.request, 'Departed member');
    await page.goto(`/voters/${leo}`);
    const row = page.getByTestId(`participation-${group.id}`);
    await expect(row).toContainText('Departed member');
    await expect(row).toContainText('not a member now');
    // The demo chain's history has him leave before the archive's first block.
    await expect(row).toContainText(/left (at|before) height [\d,]{5,} \(\d{4}-\d\d-\d\d\)/);
    await expect(row).toContainText(/voted here on \d{4}-\d\d-\d\d/);
    await expect(row).toContainText('1 vote');
    await expect(row).toContainText(/will count only if it rejoins before voting ends/);
    await expect(row.getByRole('link', { name: `#${proposal.id}` }).first()).toBeVisible();
    await expect(page.getByTestId('participation-votes')).toContainText('1 vote in all');
    await expect(page.getByTestId('list-count')).toHaveText('1 vote');
    await expect(
      page.getByRole('link', { name: new RegExp(`^#${proposal.id} Vote of a departed member`) }),
    ).toBeVisible();
  });

  test('participation counts agree with the list of votes on the same page', async ({ page }) => {
    const voter = await busyVoter(page.request);
    // Members vote every few blocks: the two reads agree once no vote lands between them.
    await expect
      .poll(
        async () => {
          await page.goto(`/voters/${voter}`);
          await expect(page.getByTestId('participation')).toBeVisible();
          await expect(page.getByTestId('list-count')).toBeVisible();
          const total = numberIn(await page.getByTestId('participation-votes').textContent(), /([\d,]+) votes? in all/);
          const listed = numberIn(await page.getByTestId('list-count').textContent(), /([\d,]+) votes?$/);
          const perGroup = await page
            .getByTestId('participation')
            .locator('tbody tr')
            .evaluateAll((rows: Element[]) =>
              rows.map((row) => {
                const first = (row as HTMLTableRowElement).cells[3]?.querySelector('p')?.textContent ?? '';
                return Number(/^([\d,]+) votes?$/.exec(first)?.[1]?.replace(/,/g, ''));
              }),
            );
          const summed = perGroup.reduce((sum, n) => sum + n, 0);
          return total === listed && summed === total && perGroup.length > 1;
        },
        { timeout: 45_000, intervals: [1000] },
      )
      .toBe(true);
    await expect(page.getByTestId('participation-summary')).toContainText(/Voted on [\d,]+ of [\d,]+ proposals/);
    // Heights are grouped, with no "(h …)" shorthand left.
    await expect(page.getByTestId('participation')).toContainText(/height \d{1,3}(,\d{3})+ \(\d{4}-\d\d-\d\d\)/);
    await expect(page.getByTestId('participation')).not.toContainText('(h ');
  });
});

test.describe('with an archive: a vote’s transaction', () => {
  test('is shown shortened, whole for copying, and is the one the node’s RPC names', async ({ page }) => {
    test.setTimeout(90_000);
    const voter = await busyVoter(page.request);
    const firstVote = page
      .getByRole('table', { name: 'Every vote by this address' })
      .locator('[role="row"][aria-rowindex="2"]');
    let hash = '';
    // The newest proposal it voted on may be one it voted on before the archive began (no transaction read yet).
    await expect
      .poll(
        async () => {
          await page.goto(`/voters/${voter}`);
          await expect(firstVote).toBeVisible();
          if ((await firstVote.getByTestId('tx-hash').count()) === 0) return false;
          const proposalId = /#(\d+)/.exec((await firstVote.getByRole('link').first().textContent()) ?? '')?.[1];
          const query = `cosmos.group.v1.EventVote.proposal_id='"${proposalId}"' AND message.sender='${voter}'`;
          const answer = await page.request.post('/rpc', {
            data: { jsonrpc: '2.0', id: 1, method: 'tx_search', params: { query } },
          });
          const { result } = (await answer.json()) as { result: { txs: { hash: string }[] } };
          hash = result.txs[0]?.hash ?? '';
          return hash !== '';
        },
        { timeout: 60_000, intervals: [2000] },
      )
      .toBe(true);
    const shown = firstVote.getByTestId('tx-hash');
    await expect(shown).toContainText(`${hash.slice(0, 8)}…${hash.slice(-6)}`);
    await expect(shown).toHaveAttribute('title', hash);
    await expect(firstVote.getByRole('button', { name: `Copy transaction ${hash}` })).toBeVisible();
  });
});

test.describe('on a phone (390 × 844): the menu', () => {
  test.use({ viewport: PHONE });
  test('every page is reachable from the menu, and the page one is on is always in sight', async ({ page }) => {
    for (const [index, path] of PATHS.entries()) {
      await page.goto(path);
      const button = page.getByTestId('menu-button');
      await expect(button).toBeInViewport({ ratio: 1 });
      // Its visible words are the page's name; its accessible name says what it is too.
      await expect(button.getByText(NAV[index], { exact: true })).toBeVisible();
      await expect(button).toHaveAccessibleName(`Menu, this page: ${NAV[index]}`);
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const name of NAV) {
        const link = nav.getByRole('link', { name, exact: true });
        await expect(link).toBeInViewport({ ratio: 1 });
        if (name === NAV[index]) await expect(link).toHaveAttribute('aria-current', 'page');
        else await expect(link).not.toHaveAttribute('aria-current', 'page');
      }
      // The keyboard reaches the links, with a visible focus ring; Escape closes and returns focus.
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      await expect(focused).toHaveText(NAV[0]);
      expect(await focused.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
      await page.keyboard.press('Escape');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(button).toBeFocused();
    }
    await page.getByTestId('menu-button').click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Following' }).click();
    await expect(page).toHaveURL(/\/following/);
    await expect(page.getByTestId('menu-button')).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('menu-button')).toContainText('Following');
    expect((await page.locator('header').boundingBox())?.height).toBeLessThanOrEqual(56);
  });
});

/** Cells, badges and buttons whose text does not fit (scrollWidth beyond clientWidth). */
function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main td, main th, main [role="cell"], main .mantine-Badge-label')]
      .filter((cell) => cell.closest('[data-layout="cards"] [aria-rowindex="1"]') === null)
      .filter((cell) => cell.offsetParent !== null && cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => `${cell.tagName.toLowerCase()} "${cell.textContent?.slice(0, 40)}"`),
  );
}

test.describe('with an archive: the voter page and inbox are readable (axe-core, WCAG 2.2 AA; nothing cut)', () => {
  test.use({ bypassCSP: true });
  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)
    for (const scheme of ['light', 'dark'] as const)
      test(`no axe violation, ${device}, ${scheme}`, async ({ page }) => {
        test.setTimeout(120_000);
        const voter = await busyVoter(page.request);
        const { leo } = await departedVoter(page.request);
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        const found: Record<string, string[]> = {};
        for (const path of [`/voters/${voter}`, `/voters/${leo}`, `/inbox/${voter}`]) {
          await page.goto(path);
          await settled(page);
          await expect(page.getByTestId(path.startsWith('/inbox') ? 'decided-window' : 'participation')).toBeVisible();
          const violations = [...(await axeViolations(page)), ...(await clipped(page)).map((cell) => `cut: ${cell}`)];
          if (violations.length > 0) found[path] = violations;
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          if (width > viewport.width) found[`${path} width`] = [`${width} px wide`];
        }
        expect(found).toEqual({});
      });
});
