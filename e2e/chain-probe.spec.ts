import { expect, test, type Page } from '@playwright/test';

// The Chain dialog asks an endpoint what it is before the page switches to it: a dead address is
// refused with the reason while the page stays on its chain, and a live one is switched to with
// the chain it reached. Written for the server with an upstream proxy (4173, proxying 4174).

/** Nothing listens on the discard port: the connection is refused at once. */
const DEAD = 'http://127.0.0.1:9';
/** The plain node beside the e2e server, which sends CORS headers. */
const CORS_NODE = 'http://127.0.0.1:4174';

async function useEndpoint(page: Page, endpoint: string) {
  await page.getByTestId('endpoint-button').click();
  const dialog = page.getByRole('dialog', { name: 'Which chain to read' });
  const field = dialog.getByRole('textbox', { name: 'Another endpoint' });
  await field.fill(endpoint);
  await dialog.getByRole('button', { name: 'Use it' }).click();
  return dialog;
}

test.describe('the Chain dialog probes an endpoint before switching, with an archive', () => {
  test('refuses a dead endpoint with the reason, then switches to a live proxy and says which chain', async ({
    page,
  }) => {
    await page.goto('/groups');
    await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
    const rows = page.getByRole('row');
    await expect(rows.nth(1)).toBeVisible();

    const dialog = await useEndpoint(page, DEAD);
    const refused = dialog.getByTestId('probe-refused');
    await expect(refused).toContainText(`Could not read ${DEAD}`);
    await expect(refused).toContainText('a browser does not say which');
    await expect(refused).toContainText('Still reading this server');
    await expect(refused).not.toContainText(/restart/i);
    // The server's words are there for who wants them, folded.
    await expect(refused.getByTestId('raw-error')).not.toHaveAttribute('open');
    // Nothing switched: same URL, same chain in the header, the page still shows its groups.
    expect(new URL(page.url()).searchParams.get('api')).toBeNull();
    await expect(page.getByTestId('endpoint-button')).toContainText('Chain: Embedded');
    await expect(page.getByRole('alert').filter({ hasNotText: DEAD })).toHaveCount(0);

    await dialog.getByTestId('served-chain-compat').click();
    const reached = dialog.getByTestId('probe-reached');
    await expect(reached).toContainText(/Now reading .* at height [\d,]+ through \/upstream\/compat/);
    await expect(page).toHaveURL(/[?&]api=%2Fupstream%2Fcompat/);
    await expect(page.getByTestId('endpoint-button')).toContainText('Chain: compat');

    // A node on another origin that sends CORS headers is read directly.
    await dialog.getByRole('textbox', { name: 'Another endpoint' }).fill(CORS_NODE);
    await dialog.getByRole('button', { name: 'Use it' }).click();
    await expect(reached).toContainText(`through ${CORS_NODE}`);
    await expect(page).toHaveURL(new RegExp(`[?&]api=${encodeURIComponent(CORS_NODE)}`));
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
  });

  test('a link with ?api= opens on that chain without asking', async ({ page }) => {
    await page.goto('/groups?api=%2Fupstream%2Fcompat');
    await expect(page.getByTestId('endpoint-button')).toContainText('Chain: compat');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
  });
});
