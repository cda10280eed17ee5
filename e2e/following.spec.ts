import { createRequire } from 'node:module';

import { expect, test, type Page } from '@playwright/test';

import { api, groupNamed, policiesOf, proposalsOf } from './chain.ts';

// Following a group in the browser, on the live chain: the simulator submits a proposal to the
// Core contributors' quick policy every dozen seconds or so, with a vote of --live-period (24 s
// here), so within a minute or two one opens after the follow and is decided. Two tabs are open;
// the page's Notification is wrapped so that every notification shown is recorded in its tab.

const ARCHIVE = '/polity/archive/v1';
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeRunner {
  run: (
    context: Document,
  ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }>;
}

interface Shown {
  title: string;
  body: string;
  tag: string;
}

/** Wraps Notification before the app runs: what it shows is recorded; permission stays the browser's. */
function recordNotifications() {
  const Real = window.Notification;
  const shown: { title: string; body: string; tag: string }[] = [];
  class Recorded {
    static get permission() {
      return Real.permission;
    }
    static requestPermission() {
      return Real.requestPermission();
    }
    onclick: (() => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body ?? '', tag: options?.tag ?? '' });
    }
    close() {}
  }
  Object.assign(window, { Notification: Recorded, recordedNotifications: shown });
}

const shownIn = (page: Page) =>
  page.evaluate(() => (window as unknown as { recordedNotifications: Shown[] }).recordedNotifications);

async function shownInAll(pages: Page[]): Promise<(Shown & { tab: number })[]> {
  const lists = await Promise.all(pages.map(shownIn));
  return lists.flatMap((list, tab) => list.map((notice) => ({ ...notice, tab })));
}

const FINAL = [
  'PROPOSAL_STATUS_ACCEPTED',
  'PROPOSAL_STATUS_REJECTED',
  'PROPOSAL_STATUS_WITHDRAWN',
  'PROPOSAL_STATUS_ABORTED',
];

test.describe('following with an archive', () => {
  test('a followed group: one notification when a proposal opens in it, one when it is decided, from one of two tabs', async ({
    context,
    baseURL,
  }) => {
    test.setTimeout(480_000);
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await context.addInitScript(recordNotifications);
    const core = await groupNamed(context.request, 'Core contributors');
    const before = await api<{ proposals: { id: string }[] }>(
      context.request,
      `${ARCHIVE}/proposals?group_id=${core.id}&order_by=submit_time&order=desc&pagination.limit=100`,
    );
    const earlier = new Set(before.proposals.map((proposal) => proposal.id));

    const groupTab = await context.newPage();
    await groupTab.goto(`/groups/${core.id}`);
    const follow = groupTab.getByRole('button', { name: 'Follow group Core contributors' });
    await expect(follow).toHaveAttribute('aria-pressed', 'false', { timeout: 20_000 });
    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', 'true');

    const followingTab = await context.newPage();
    await followingTab.goto('/following');
    await expect(followingTab.getByTestId('permission')).toContainText('Notifications are on');
    const item = followingTab.getByTestId('followed-item');
    await expect(item.getByRole('link', { name: 'Core contributors' })).toBeVisible();
    await expect(item).toContainText(/proposals? open for votes|no proposal open/);
    const tabs = [groupTab, followingTab];

    // A proposal opens in the group: one notification, naming it.
    let opened = '';
    await expect
      .poll(
        async () => {
          const notice = (await shownInAll(tabs)).find((shown) => shown.tag.startsWith('opened:'));
          opened = notice ? /^opened:(\d+)@/.exec(notice.tag)![1] : '';
          return opened;
        },
        { timeout: 150_000, intervals: [1000] },
      )
      .not.toBe('');
    // ... and it is decided: one notification, naming the outcome.
    await expect
      .poll(async () => (await shownInAll(tabs)).some((shown) => shown.tag === `decided:${opened}@`), {
        timeout: 150_000,
        intervals: [1000],
      })
      .toBe(true);
    const { proposal } = await api<{ proposal: { status: string; title: string } }>(
      context.request,
      `${ARCHIVE}/proposals/${opened}`,
    );
    expect(FINAL).toContain(proposal.status);
    // Rounds go on: once a later event is told, every round that could repeat these has run.
    const told = (await shownInAll(tabs)).length;
    await expect
      .poll(async () => (await shownInAll(tabs)).length, { timeout: 150_000, intervals: [1000] })
      .toBeGreaterThan(told);

    const shown = await shownInAll(tabs);
    const openedNotices = shown.filter((notice) => notice.tag === `opened:${opened}@`);
    const decidedNotices = shown.filter((notice) => notice.tag === `decided:${opened}@`);
    expect(openedNotices).toHaveLength(1);
    expect(decidedNotices).toHaveLength(1);
    expect(openedNotices[0]).toMatchObject({ title: 'New proposal in Core contributors' });
    expect(openedNotices[0].body).toContain(`#${opened} ${proposal.title}`);
    const outcome = proposal.status.replace('PROPOSAL_STATUS_', '').toLowerCase();
    expect(decidedNotices[0].title).toBe(`Proposal #${opened} ${outcome}`);
    // Nothing twice, nothing from before the follow, and all of it from one tab.
    const tags = shown.map((notice) => notice.tag);
    expect(new Set(tags).size).toBe(tags.length);
    expect(
      shown.filter((notice) => notice.tag.startsWith('opened:') && earlier.has(/^opened:(\d+)@/.exec(notice.tag)![1])),
    ).toEqual([]);
    expect(new Set(shown.map((notice) => notice.tab)).size).toBe(1);
  });

  test.describe('accessibility', () => {
    // axe is added to the page as a script, which the app's Content-Security-Policy refuses.
    test.use({ bypassCSP: true });
    test('the Following page has no serious or critical axe finding, light and dark', async ({ page }) => {
      const core = await groupNamed(page.request, 'Core contributors');
      const [policy] = await policiesOf(page.request, core.id);
      const proposal = (await proposalsOf(page.request, policy.address)).at(-1)!;
      const { members } = await api<{ members: { member: { address: string } }[] }>(
        page.request,
        `/cosmos/group/v1/group_members/${core.id}?pagination.limit=1`,
      );
      const followedAt = new Date().toISOString();
      const items = [
        { kind: 'group', id: core.id, endpoint: '', name: 'Core contributors', followedAt },
        { kind: 'policy', id: policy.address, endpoint: '', name: '', followedAt },
        { kind: 'proposal', id: proposal.id, endpoint: '', name: proposal.title, followedAt },
        { kind: 'voter', id: members[0].member.address, endpoint: '', name: members[0].member.address, followedAt },
      ];
      await page.goto('/');
      await page.evaluate(
        (list) => localStorage.setItem('polity.following.v1', JSON.stringify({ version: 1, items: list })),
        items,
      );
      await page.goto('/following');
      await expect(page.getByTestId('followed-item')).toHaveCount(4);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
      await page.addScriptTag({ path: axePath });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        const violations = await page.evaluate(async () => {
          const { axe } = window as unknown as { axe: AxeRunner };
          return (await axe.run(document)).violations;
        });
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        expect(serious, scheme).toEqual([]);
      }
    });
  });
});

test('the header keeps the chain’s height current on the Following page, which asks the node nothing', async ({
  page,
}) => {
  await page.goto('/following');
  const header = page.getByTestId('latest-height');
  await expect(header).toHaveText(/^height [\d,]+$/, { timeout: 15_000 });
  const first = BigInt((await header.innerText()).replace(/\D/g, ''));
  // Blocks keep coming (one every 0.5 s here): the header moves with them, within a block time or
  // two of reading (it waited 15 s of quiet before), not minutes later.
  await expect
    .poll(async () => BigInt((await header.innerText()).replace(/\D/g, '')), { timeout: 10_000, intervals: [500] })
    .toBeGreaterThan(first);
});
