import { expect, test, type Page, type Route } from '@playwright/test';

import { api, groupNamed, openQuickPoll, policiesOf, proposalsOf } from './chain.ts';

// The endpoint misbehaves on purpose: the browser's requests to it are answered with a gateway
// error, left hanging, or rewritten, while the chain behind it runs on. The dashboard has to say
// so, keep what it had, and heal by itself once the endpoint does.

const FAULT = { code: 13, message: 'injected fault: the node is restarting', details: [] };

async function failing(page: Page, pattern: string | RegExp): Promise<{ count: () => number }> {
  let count = 0;
  await page.route(pattern, (route) => {
    count += 1;
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(FAULT) });
  });
  return { count: () => count };
}

test.beforeEach(({ baseURL }) => {
  test.skip(baseURL !== 'http://127.0.0.1:4173', 'the dashboard behaves the same whatever the endpoint kind');
});

test.describe('a dashboard that heals', () => {
  test('a page opened while the endpoint fails recovers on its own, without a retry storm', async ({ page }) => {
    test.setTimeout(90_000);
    const group = await groupNamed(page.request, 'Community assembly');
    const fault = await failing(page, /\/cosmos\/group\/v1\/group_info\//);
    await page.goto(`/groups/${group.id}`);
    await expect(page.getByRole('alert').filter({ hasText: `Group #${group.id}: the server failed` })).toBeVisible({
      timeout: 20_000,
    });
    // The server's own words are one press away, never the message itself.
    await expect(page.getByText(FAULT.message).first()).toBeHidden();
    await page.getByText('What the server said').first().click();
    await expect(page.getByText(FAULT.message).first()).toBeVisible();
    // Twenty seconds of failure: the first read and its two retries, then a few background
    // attempts further and further apart — not a request per second.
    await page.waitForTimeout(20_000);
    expect(fault.count()).toBeGreaterThanOrEqual(4);
    expect(fault.count()).toBeLessThanOrEqual(9);
    await page.unroute(/\/cosmos\/group\/v1\/group_info\//);
    // Nobody clicks anything: the next background attempt finds the endpoint well again.
    await expect(page.getByText('Community assembly').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Community assembly');
    await expect(page.getByRole('alert').filter({ hasText: 'the server failed' })).toHaveCount(0);
  });

  test('a failed policy lookup is shown on the proposal page, with a retry that works', async ({ page }) => {
    const community = await groupNamed(page.request, 'Community assembly');
    const policy = (await policiesOf(page.request, community.id))[0]!;
    const proposal = (await proposalsOf(page.request, policy.address)).at(-1)!;
    await failing(page, /\/cosmos\/group\/v1\/group_policy_info\//);
    await page.goto(`/proposals/${proposal.id}`);
    const failed = page.getByTestId('lookup-failed');
    await expect(failed).toContainText("The proposal's group policy could not be read", { timeout: 20_000 });
    await expect(failed).toContainText(
      'Its group, the policy’s pass line and the recount wait for it.'.replace('’', "'"),
    );
    await expect(failed.getByTestId('raw-error')).toContainText(FAULT.message);
    await expect(page.getByText('unknown (its policy could not be read)')).toBeVisible();
    // The policy's name beside its address says it is missing, rather than silently showing less.
    await expect(page.getByText('(name unavailable)').first()).toBeVisible();
    await page.unroute(/\/cosmos\/group\/v1\/group_policy_info\//);
    // The page's own slow background retry may find the endpoint well first (on a busy machine the
    // click can come after it): then the button is gone, and the lookup healed all the same.
    await failed
      .getByRole('button', { name: 'Retry now' })
      .click({ timeout: 10_000 })
      .catch(() => undefined);
    await expect(page.getByTestId('lookup-failed')).toHaveCount(0);
    await expect(page.getByText('(name unavailable)')).toHaveCount(0);
    await expect(
      page.getByRole('link', { name: new RegExp(`#${community.id} Community assembly`) }).first(),
    ).toBeVisible();
  });

  test('a tally whose endpoint hangs is marked stale, then live again', async ({ page }) => {
    test.setTimeout(150_000);
    const open = await openQuickPoll(page.request, 20_000);
    await page.goto(`/proposals/${open.id}`);
    // Once the page has measured the chain's pace (a block every 0.5 s: it polls about every
    // second; a loaded machine slows the blocks, and the pace measured with them).
    await expect(page.getByTestId('tally-live')).toContainText(/every ~\d+(\.\d)? s/, { timeout: 15_000 });
    const hung: Route[] = [];
    await page.route(/\/tally$/, (route) => void hung.push(route));
    // Two block times and a round trip: about 4 s here, more when a loaded machine slows the blocks.
    await expect(page.getByTestId('tally-stale')).toHaveText(
      /^Stale · nothing new since \d\d:\d\d:\d\d[^,]*, over \d+ s$/,
      { timeout: 15_000 },
    );
    await expect(page.getByTestId('tally-live')).toHaveCount(0);
    // What was last received stays on screen.
    await expect(page.getByTestId('tally-yes_count')).toBeVisible();
    await page.unroute(/\/tally$/);
    await Promise.all(hung.map((route) => route.continue().catch(() => {})));
    await expect(page.getByTestId('tally-live')).toBeVisible({ timeout: 20_000 });
  });
});

test.describe('hostile text from the chain', () => {
  test('a bidi override is shown as a marker and a 100 kB title is cut with a way to expand', async ({ page }) => {
    const community = await groupNamed(page.request, 'Community assembly');
    const policy = (await policiesOf(page.request, community.id))[0]!;
    const proposal = (await proposalsOf(page.request, policy.address)).at(-1)!;
    const title = `Refund \u202Egnp.exe\u202C for all ${'A'.repeat(100_000)}`;
    await page.route(new RegExp(`/cosmos/group/v1/proposal/${proposal.id}$`), async (route) => {
      const body = await api<{ proposal: Record<string, unknown> }>(
        page.request,
        `/cosmos/group/v1/proposal/${proposal.id}`,
      );
      await route.fulfill({ json: { proposal: { ...body.proposal, title, summary: `x\u202Ey` } } });
    });
    await page.goto(`/proposals/${proposal.id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Refund RLOgnp.exePDF for all AAA');
    expect(await heading.evaluate((element) => element.textContent?.includes('\u202E'))).toBe(false);
    // Cut: the page stays a page, not 91,000 px of A.
    expect((await heading.boundingBox())!.height).toBeLessThan(400);
    await page.getByRole('button', { name: /Show all 100,0\d\d characters/ }).click();
    await expect(heading).toContainText('A'.repeat(5_000));
    await expect(page.getByTestId('proposal-summary')).toContainText('xRLOy');
  });
});
