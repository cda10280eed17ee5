import { expect, test, type Page, type Route } from '@playwright/test';

import { axeViolations } from './axe.ts';
import { api } from './chain.ts';

// A group whose metadata is an ipfs:// link (the demo's 255-byte "ipfs://bbb…" group): the reader
// sets an IPFS gateway under Chain, and the page reads the document through it, and only through
// it. The gateway is played by the test (page.route), so nothing leaves the machine.

const GATEWAY = 'https://ipfs-gateway.test';
const DOCUMENT = {
  name: 'Bridge stewards',
  description: 'Keeps the bridge between the two chains running.',
  website: 'https://stewards.example/',
  members_wanted: 3,
};

async function ipfsGroup(page: Page) {
  const { groups } = await api<{ groups: { id: string; metadata: string }[] }>(
    page.request,
    '/cosmos/group/v1/groups?pagination.limit=1000',
  );
  const group = groups.find((g) => /^ipfs:\/\/b+$/.test(g.metadata));
  if (!group) throw new Error('the demo chain has no group whose metadata is an ipfs:// link');
  return group;
}

/** The gateway: every request it gets, answered by `answer` (with the CORS header a real one sends). */
async function playGateway(page: Page, answer: (route: Route) => { status: number; body: string }) {
  const asked: string[] = [];
  await page.route(`${GATEWAY}/**`, async (route) => {
    asked.push(route.request().url());
    const { status, body } = answer(route);
    await route.fulfill({
      status,
      body,
      headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
    });
  });
  return asked;
}

async function setGateway(page: Page) {
  await page.getByRole('button', { name: /^Chain/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Which chain to read' });
  await dialog.getByRole('textbox', { name: 'IPFS gateway' }).fill(GATEWAY);
  await dialog.getByRole('button', { name: 'Save gateway' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`ipfs:// links now open at ${GATEWAY}/ipfs/…`);
  await dialog.getByRole('button', { name: 'Close' }).click();
}

/** Every request the page sent off this server, to any host. */
function offSite(page: Page, baseURL: string | undefined) {
  const hosts: string[] = [];
  page.on('request', (request) => {
    const origin = new URL(request.url()).origin;
    if (origin !== new URL(baseURL ?? '').origin) hosts.push(origin);
  });
  return hosts;
}

test.describe('metadata behind an ipfs:// link', () => {
  test.use({ bypassCSP: true });

  test('is read through the gateway the reader sets: the name in the header, the fields below', async ({
    page,
    baseURL,
  }) => {
    const group = await ipfsGroup(page);
    const asked = await playGateway(page, () => ({ status: 200, body: JSON.stringify(DOCUMENT) }));
    const hosts = offSite(page, baseURL);
    await page.goto(`/groups/${group.id}`);
    // No gateway yet: nothing is fetched, and the page says what one would do.
    await expect(page.getByText(/Set an IPFS gateway under Chain and Polity reads it here/)).toBeVisible();
    expect(asked).toEqual([]);

    await setGateway(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bridge stewards');
    await expect(page).toHaveTitle(`Bridge stewards · Group #${group.id} · Polity`);
    const document = page.getByTestId('ipfs-document');
    await expect(document).toContainText(`read through ${new URL(GATEWAY).host}`);
    await expect(document).toContainText(DOCUMENT.description);
    await expect(document).toContainText('members_wanted3');
    await expect(document).not.toContainText('Bridge stewards');
    await expect(document.getByRole('link', { name: DOCUMENT.website })).toBeVisible();
    // The link itself (its long text cut on screen) opens through the gateway too.
    await expect(page.getByRole('link', { name: /^ipfs:\/\/b+…$/ })).toHaveAttribute(
      'href',
      `${GATEWAY}/ipfs/${group.metadata.slice('ipfs://'.length)}`,
    );
    expect(asked).toEqual([`${GATEWAY}/ipfs/${group.metadata.slice('ipfs://'.length)}`]);
    expect([...new Set(hosts)]).toEqual([GATEWAY]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a gateway that fails is said so, asked again only on Retry', async ({ page }) => {
    const group = await ipfsGroup(page);
    let failing = true;
    const asked = await playGateway(page, () =>
      failing ? { status: 500, body: 'internal error' } : { status: 200, body: JSON.stringify(DOCUMENT) },
    );
    await page.goto(`/groups/${group.id}`);
    await setGateway(page);
    const alert = page.getByRole('alert').filter({ hasText: 'Could not read the document' });
    await expect(alert).toContainText(`${new URL(GATEWAY).host} answered HTTP 500.`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Group #${group.id}`);
    // The app asks a failing chain again in the background (from 3 s on): never the gateway.
    await page.waitForTimeout(4_000);
    expect(asked).toHaveLength(1);

    failing = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bridge stewards');
    await expect(page.getByTestId('ipfs-document')).toContainText(DOCUMENT.description);
    expect(asked).toHaveLength(2);
  });
});
