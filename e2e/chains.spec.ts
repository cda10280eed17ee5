import { expect, test, type APIRequestContext } from '@playwright/test';

import { ARCHIVE } from './chain.ts';

// One Polity serving two chains (written for the extended service: its own embedded chain, and
// the compat service's chain under /upstream/compat, archived beside it). The two chains' people
// hold the same keys (--accounts-seed), as the same members sit on many real chains.

const COMPAT = '/upstream/compat';

interface Inbox {
  open: { voting_period_end: string }[];
}

/** Live polls close 24 s after they open: one must stay open while the page is read. */
const LEFT_MS = 14_000;

/** Whether some proposal waits for the address's vote on that chain, long enough to be seen there. */
const waitsFor = async (request: APIRequestContext, base: string, address: string) => {
  const response = await request.get(`${base}${ARCHIVE}/inbox/${address}`);
  if (!response.ok()) return false;
  const { open } = (await response.json()) as Inbox;
  return open.some((proposal) => Date.parse(proposal.voting_period_end) > Date.now() + LEFT_MS);
};

/** A member some open proposal waits for on both chains (live proposals open every few blocks). */
async function keyWaitedForOnBoth(request: APIRequestContext): Promise<string | null> {
  const open = await request.get(`${ARCHIVE}/proposals?voting_open=true&pagination.limit=20`);
  if (!open.ok()) return null;
  const groups = new Set(
    ((await open.json()) as { proposals: { group_id: string }[] }).proposals.map((p) => p.group_id),
  );
  for (const groupId of groups) {
    const members = await request.get(`/cosmos/group/v1/group_members/${groupId}?pagination.limit=50`);
    if (!members.ok()) continue;
    for (const { member } of ((await members.json()) as { members: { member: { address: string } }[] }).members) {
      if ((await waitsFor(request, '', member.address)) && (await waitsFor(request, COMPAT, member.address)))
        return member.address;
    }
  }
  return null;
}

test.describe('two chains served by one Polity, with an archive', () => {
  test.skip(({ baseURL }) => !baseURL?.endsWith(':4173'), 'the extended service serves the second chain');

  test('switching chains names the chain on every page, and links stay on it', async ({ page }) => {
    await page.goto('/groups');
    await expect(page.getByTestId('endpoint-button')).toHaveText(/Chain:\s*Embedded/);
    await page.getByTestId('endpoint-button').click();
    const dialog = page.getByRole('dialog', { name: 'Which chain to read' });
    const served = dialog.getByRole('group', { name: 'Chains this server serves' });
    await expect(served.getByTestId('served-chain-local')).toContainText('Embedded (reading now)');
    await served.getByTestId('served-chain-compat').click();
    await expect(dialog.getByTestId('probe-reached')).toContainText('through /upstream/compat');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('endpoint-button')).toHaveText(/Chain:\s*compat/);
    await expect(page).toHaveTitle('Groups · compat · Polity');
    await page.getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/groups\/\d+\?api=%2Fupstream%2Fcompat/);
    await expect(page).toHaveTitle(/ · compat · Polity$/);
    await expect(page.getByTestId('endpoint-button')).toHaveText(/Chain:\s*compat/);

    // The overview of every chain, each linking into its own.
    await page.getByRole('link', { name: 'Chains' }).first().click();
    const local = page.getByTestId('chain-summary-local');
    const compat = page.getByTestId('chain-summary-compat');
    await expect(local.getByText(/^Open proposals · \d+/)).toBeVisible({ timeout: 30_000 });
    await expect(compat.getByText(/^Open proposals · \d+/)).toBeVisible({ timeout: 30_000 });
    await local.getByRole('link', { name: 'Embedded' }).click();
    await expect(page.getByTestId('endpoint-button')).toHaveText(/Chain:\s*Embedded/);
    // This server's own chain is named in the header; a title names only another chain.
    await expect(page).toHaveTitle('Overview · Polity');
  });

  test('one key’s inbox lists what waits for its vote on both chains', async ({ page }) => {
    let address: string | null = null;
    await expect
      .poll(async () => (address = await keyWaitedForOnBoth(page.request)), { timeout: 90_000, intervals: [2_000] })
      .not.toBeNull();
    await page.goto(`/inbox/${address}`);
    await expect(page.getByTestId('inbox-open').getByRole('row').nth(1)).toBeVisible();
    const there = page.getByTestId('key-on-compat');
    await expect(there.getByRole('link', { name: /^[1-9][\d,]* open$/ })).toBeVisible({ timeout: 20_000 });
    const elsewhere = page.getByTestId('other-chains-open');
    await expect(elsewhere.getByRole('row').nth(1)).toContainText('compat');
    // A proposal of the other chain opens on that chain.
    await elsewhere.getByRole('row').nth(1).getByRole('link').click();
    await expect(page).toHaveURL(/\/proposals\/\d+\?api=%2Fupstream%2Fcompat/);
    await expect(page.getByTestId('endpoint-button')).toHaveText(/Chain:\s*compat/);
  });

  test('an address of another chain is refused with the same key here', async ({ page }) => {
    // The same bytes as a regen1… address: a chain this server does not serve.
    const regen = 'regen1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5qq8zsc';
    await page.goto(`/voters/${regen}`);
    const notice = page.getByTestId('wrong-chain-address');
    await expect(notice).toContainText('written for another chain (its addresses begin “regen1”)');
    await notice.getByRole('link', { name: /The same key on this chain: cosmos1/ }).click();
    await expect(page).toHaveURL(/\/voters\/cosmos1/);
    await expect(page.getByTestId('wrong-chain-address')).toHaveCount(0);
  });
});
