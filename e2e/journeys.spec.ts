import { expect, test, type Download } from '@playwright/test';

import { api, groupNamed, openQuickPoll, policiesOf, proposalsOf, proposalTitled } from './chain.ts';

test.describe('browsing', () => {
  test('groups → group → policy → proposal', async ({ page }) => {
    const consoleErrors: string[] = [];
    // A plain node has no archive: the dashboard's probe of it is answered 501, as expected.
    page.on(
      'console',
      (m) => m.type() === 'error' && !m.location().url.includes('/polity/archive/') && consoleErrors.push(m.text()),
    );
    await page.goto('/groups');
    await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
    // Core contributors is on the second page: scrolling loads it (scrolled again until the rows
    // are there to scroll past, on a busy machine).
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 5000);
          return page.getByTestId('list-count').textContent();
        },
        { timeout: 30_000 },
      )
      .toBe('39 groups');
    await page.getByRole('link', { name: 'Core contributors' }).click();
    await expect(page.getByRole('heading', { name: 'Core contributors' })).toBeVisible();
    await expect(page.getByTestId('total-weight')).toHaveText('6');
    await expect(page.getByText('5 members', { exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: /^≈\s33\.33%$/ })).toBeVisible();
    await expect(page.getByTestId('group-proposals')).toContainText('Raise the validator budget');
    await page.getByRole('link', { name: 'Core treasury' }).click();
    await expect(page.getByText('Passes with 3 yes weight — 50% of the total weight 6')).toBeVisible();
    await page.getByRole('link', { name: 'Raise the validator budget' }).first().click();
    await expect(page.getByRole('heading', { name: 'Raise the validator budget' })).toBeVisible();
    await expect(page.getByTestId('tally-panel')).toContainText('the pass line is 3 yes weight');
    await expect(page.getByText('/cosmos.staking.v1beta1.MsgDelegate', { exact: true })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('decimal weights read rounded and stay exact one press away', async ({ page }) => {
    const grants = await groupNamed(page.request, 'Grants council');
    await page.goto(`/groups/${grants.id}`);
    const total = page.getByTestId('total-weight');
    await expect(total).toHaveText('≈ 5.08');
    await total.click();
    await expect(total).toHaveText('5.083333333333333333');
    const members = page.locator('#members');
    await expect(members.getByText('≈ 0.33', { exact: true }).first()).toBeVisible();
    await members.getByRole('switch', { name: 'Exact decimals' }).check();
    await expect(members.getByText('0.333333333333333333', { exact: true }).first()).toBeVisible();
  });

  test('a group’s members load past their first page', async ({ page }) => {
    const community = await groupNamed(page.request, 'Community assembly');
    await page.goto(`/groups/${community.id}`);
    const count = page.locator('#members').getByTestId('list-count');
    await expect(count).toHaveText(/^100 of 2,50\d members$/);
    await page.getByRole('button', { name: 'Load more members' }).focus();
    await page.keyboard.press('Enter');
    await expect(count).toHaveText(/^200 of 2,50\d members$/);
    // Scrolling to the end of the list keeps loading on its own (whatever comes after it on the page).
    await page
      .locator('#members [role="table"]')
      .evaluate((table) => window.scrollTo(0, table.getBoundingClientRect().bottom + window.scrollY - innerHeight));
    await expect(count).toHaveText(/^(300|400|500) of 2,50\d members$/, {
      timeout: 15_000,
    });
  });

  test('a voter page scrolled past its first page', async ({ page }, info) => {
    const core = await groupNamed(page.request, 'Core contributors');
    const members = await api<{ members: { member: { address: string; metadata: string } }[] }>(
      page.request,
      `/cosmos/group/v1/group_members/${core.id}`,
    );
    const vera = members.members.find((m) => m.member.metadata === 'auditor seat')!.member.address;
    await page.goto(`/voters/${vera}`);
    if (info.project.name === 'extended') {
      // With an archive the whole record comes from it, pruned votes included, past 50 rows.
      await expect(page.getByTestId('list-count')).toHaveText(/^\d+ votes$/);
      expect(Number((await page.getByTestId('list-count').textContent())?.split(' ')[0])).toBeGreaterThan(50);
      return;
    }
    await expect(page.getByTestId('list-count')).toHaveText(/^50 of \d+ votes$/);
    // The count shows before the rows have laid the page out: a wheel turned then scrolls nothing,
    // as it would for a reader, who turns it again.
    await expect(async () => {
      await page.mouse.wheel(0, 10_000);
      await expect(page.getByTestId('list-count')).toHaveText(/^\d+ votes$/, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    expect(Number((await page.getByTestId('list-count').textContent())?.split(' ')[0])).toBeGreaterThan(50);
    await expect(page.getByText('End of list.')).toBeVisible();
    await page.getByRole('tab', { name: 'Groups as member' }).click();
    await expect(page.getByRole('link', { name: /Daily polls/ })).toBeVisible();
  });

  test('the groups list pages through /groups on either pagination', async ({ page }, info) => {
    await page.goto('/groups');
    await expect(page.getByTestId('list-count')).toHaveText('25 of 39 groups');
    await page.mouse.wheel(0, 5000);
    await expect(page.getByTestId('list-count')).toHaveText('39 groups');
    const note = page.getByText('This server repeated a page');
    if (info.project.name === 'sdk-compat') await expect(note).toBeVisible();
    else await expect(note).toHaveCount(0);
    await expect(page.getByText('End of list.')).toBeVisible();
  });
});

test.describe('live tally', () => {
  test('changes on screen without a reload, then stops when voting ends', async ({ page }) => {
    test.setTimeout(150_000);
    // The newest quick poll that still has a while to run (the simulator adds several per voting period).
    const target = await openQuickPoll(page.request, 16_000);
    await page.goto(`/proposals/${target.id}`);
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await expect(page.getByTestId('tally-live')).toBeVisible();
    // The counts themselves (the "updated … ago" line ticks on its own).
    const counts = page.getByTestId('tally-panel').getByRole('table');
    const votes = page.getByRole('table', { name: 'Votes' });
    await expect(votes).toBeVisible();
    const before = await counts.textContent();
    const votesBefore = await votes.textContent();
    await expect.poll(async () => (await counts.textContent()) !== before, { timeout: 15_000 }).toBe(true);
    // The votes list follows the tally by itself: the new vote is listed without a press.
    await expect.poll(async () => (await votes.textContent()) !== votesBefore, { timeout: 15_000 }).toBe(true);
    // On a loaded machine the list's refresh line can trail its rows by a few seconds, and a quick
    // poll may have closed meanwhile (the line is for a live tally only).
    await expect(page.getByTestId('votes-refreshed').or(page.getByTestId('tally-final'))).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByTestId('tally-final')).toBeVisible({ timeout: 40_000 });
    await expect(page.getByTestId('tally-live')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    // Once final, nothing polls the tally any more.
    let tallyRequests = 0;
    page.on('request', (r) => r.url().includes('/tally') && tallyRequests++);
    await page.waitForTimeout(3000);
    expect(tallyRequests).toBe(0);
    // Its votes now pruned by the chain, the page says so once (and not "0 votes").
    await expect(page.getByTestId('votes-pruned-note')).toContainText('The chain pruned this proposal’s votes');
  });
});

test.describe('upgrades', () => {
  test('module versions, applied plans and the upgraded consensus state', async ({ page, request }) => {
    test.setTimeout(150_000);
    // Plans come through x/gov: between an upgrade and the next gov decision none is scheduled.
    // The journey starts once one is, at least 40 blocks (20 s) before its height, so that neither
    // its application nor a cancellation passed meanwhile can take it away mid-journey on a busy machine.
    await expect
      .poll(
        async () => {
          const { plan } = (await (await request.get('/cosmos/upgrade/v1beta1/current_plan')).json()) as {
            plan: { height: string } | null;
          };
          const latest = (await (await request.get('/cosmos/base/tendermint/v1beta1/blocks/latest')).json()) as {
            block: { header: { height: string } };
          };
          return plan !== null && BigInt(plan.height) - BigInt(latest.block.header.height) >= 40n;
        },
        { timeout: 90_000, intervals: [1000] },
      )
      .toBe(true);
    await page.goto('/upgrades');
    // What rests on the plan first, while it is surely still scheduled.
    await expect(page.getByTestId('current-plan')).toBeVisible();
    await expect(page.getByTestId('consensus-state')).toContainText('/ibc.lightclients.tendermint.v1.ConsensusState');
    await expect(page.getByTestId('module-versions')).toContainText('protocolpool');
    await page.getByPlaceholder('Filter modules').fill('gro');
    await expect(page.getByTestId('module-versions').getByRole('row')).toHaveCount(2);
    await page.getByLabel('Plan names').fill('v050-to-v053, v047-to-v050 nope');
    await page.getByRole('button', { name: 'Look up' }).first().click();
    const plans = page.getByTestId('applied-plans');
    await expect(plans.getByRole('row', { name: /v050-to-v053/ })).toContainText('420,000');
    await expect(plans.getByRole('row', { name: /v047-to-v050/ })).toContainText('150,000');
    await expect(plans.getByRole('row', { name: /nope/ })).toContainText('never applied');
    await page.getByRole('textbox', { name: 'Plan height' }).fill('5');
    await page.getByRole('button', { name: 'Look up' }).nth(1).click();
    await expect(page.getByTestId('consensus-state')).toHaveText('Nothing stored at height 5.');
  });
});

test.describe('bad input and missing things', () => {
  test('unknown ids and bad addresses get clear messages', async ({ page }) => {
    await page.goto('/groups/999999');
    await expect(page.getByRole('alert')).toContainText('Group #999999: not found');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No group #999999');
    await expect(page).toHaveTitle('No group #999999 · Polity');
    await page.goto('/groups/abc');
    await expect(page.getByRole('alert')).toContainText('"abc" is not a group id');
    await page.goto('/voters/cosmos1notanaddress');
    await expect(page.getByRole('alert')).toContainText('is not a valid bech32 address');
    await page.goto('/policies/osmo1qqqsyqcyq5rqwzqfpg9scrgwpugpzysnzs23v7');
    await expect(page.getByRole('alert')).toContainText(/another chain|not a valid/);
    await page.goto('/proposals/1');
    await expect(page.getByRole('alert')).toContainText('removed from chain state');
    await page.goto('/nowhere');
    await expect(page.getByRole('heading', { name: 'No page here', level: 1 })).toBeVisible();
  });

  test('the search box validates before asking anything', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    // Anything the typed values could have triggered (the overview's own loading is ignored).
    page.on('request', (r) => /\/cosmos\/.*(zzz|\/12\b)/.test(r.url()) && requests.push(r.url()));
    const box = page.getByRole('searchbox', { name: 'Search groups, proposals and addresses' });
    // Shaped like an address (a short word would be searched as words), with a bad checksum.
    await box.fill(`cosmos1${'z'.repeat(38)}`);
    await box.press('Enter');
    await expect(page.getByText('is not a valid bech32 address')).toBeVisible();
    expect(requests).toEqual([]);
    // A bare number offers only what exists: group 12 is one of the chapters.
    await box.fill('12');
    await box.press('Enter');
    await expect(
      page.getByRole('region', { name: 'Results' }).getByRole('link', { name: /^Group #12 / }),
    ).toBeVisible();
    await box.fill('g 2');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/groups\/2$/);
  });

  test('an unreachable endpoint is explained, with a way back', async ({ page }) => {
    await page.goto('/groups?api=http://127.0.0.1:9');
    await expect(page.getByText('Could not reach http://127.0.0.1:9')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: "Back to this server's chain" }).click();
    await expect(page.getByTestId('list-count')).toHaveText('25 of 39 groups');
  });

  test('attacker-written strings render as text', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    const p = await proposalTitled(page.request, 'Grants council', 'Grant: zk light client').catch(() => null);
    expect(p).not.toBeNull();
    const unicode = (
      await api<{ groups: { id: string; metadata: string }[] }>(
        page.request,
        '/cosmos/group/v1/groups?pagination.limit=100',
      )
    ).groups.find((g) => g.metadata.startsWith('ipfs://b'))!;
    const [policy] = await policiesOf(page.request, unicode.id);
    const hostile = (await proposalsOf(page.request, policy.address)).find((x) => x.title.startsWith('<script>'))!;
    await page.goto(`/proposals/${hostile.id}`);
    await expect(
      page.getByRole('heading', { name: '<script>alert("pwned")</script><img src=x onerror=alert(1)>' }),
    ).toBeVisible();
    expect(await page.locator('main img, main script').count()).toBe(0);
    expect(dialogs).toBe(0);
  });
});

test.describe('auditing', () => {
  test('recount a tally from every vote, skipping a member who left, and export the votes', async ({ page }) => {
    const p = await proposalTitled(page.request, 'Departed member', 'Vote of a departed member');
    await page.goto(`/proposals/${p.id}`);
    const audit = page.getByTestId('tally-audit');
    await audit.getByRole('button', { name: 'Recount from every vote' }).click();
    const result = page.getByTestId('audit-result');
    // A vote landing between reading the votes and reading the tally makes a recount differ; ask again then.
    for (let i = 0; i < 3 && !((await result.textContent({ timeout: 15_000 })) ?? '').includes('adds up'); i++) {
      await audit.getByRole('button', { name: 'Recount again' }).click();
      await expect(audit.getByRole('button', { name: 'Recount again' })).toBeEnabled();
    }
    await expect(result).toContainText("The chain's tally adds up");
    await expect(result).toContainText('1 not counted (no longer members)');
    // Two files from one click: the CSV, and its provenance beside it, both named by the bundle's hash.
    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    await audit.getByRole('button', { name: 'Download votes (CSV)' }).click();
    await expect.poll(() => downloads.length, { timeout: 30_000 }).toBe(2);
    const names = downloads.map((download) => download.suggestedFilename()).sort();
    // With an archive the bundle's hash is in both names; a plain node has no bundle to name.
    expect(names[0]).toMatch(new RegExp(`^proposal-${p.id}-votes(-[0-9a-f]{12})?\\.csv$`));
    expect(names[1]).toBe(names[0]!.replace(/\.csv$/, '.provenance.json'));
    const { readFile } = await import('node:fs/promises');
    const read = async (name: string) =>
      readFile((await downloads.find((download) => download.suggestedFilename() === name)!.path())!, 'utf8');
    const csv = await read(names[0]!);
    // RFC 4180 from the first line: a spreadsheet opens it as it is.
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'proposal_id,voter,option,current_weight,counted_in_tally,not_counted_because,submit_time,metadata',
    );
    expect(csv).toContain(',false,not a member,');
    const provenance = JSON.parse(await read(names[1]!)) as { what: string; proof_bundle: { sha256: string | null } };
    expect(provenance.what).toMatch(/^the votes on group proposal #\d+, recounted from the votes the chain stores/);
    const hash = provenance.proof_bundle.sha256;
    expect(names[0]).toBe(`proposal-${p.id}-votes${hash ? `-${hash.slice(0, 12)}` : ''}.csv`);
  });
});
