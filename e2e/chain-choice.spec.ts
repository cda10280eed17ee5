import { expect, test } from '@playwright/test';

// Reading another chain than the service's own: through its proxy by name, or straight from a
// cross-origin node that allows it.

test.describe('choosing the chain', () => {
  test('another endpoint through the service’s proxy, kept in the URL and locally', async ({ page }, info) => {
    test.skip(info.project.name !== 'extended', 'the proxy is configured on the extended service');
    await page.goto('/groups');
    await expect(page.getByTestId('list-count')).toHaveText('25 of 39 groups');
    const viaProxy: string[] = [];
    page.on('request', (r) => r.url().includes('/upstream/compat/cosmos/') && viaProxy.push(r.url()));
    await page.getByTestId('endpoint-button').click();
    await page.getByTestId('served-chain-compat').click();
    await expect(page).toHaveURL(/\?api=%2Fupstream%2Fcompat|\?api=\/upstream\/compat/);
    await expect(page.getByTestId('list-count')).toHaveText('25 of 39 groups');
    expect(viaProxy.length).toBeGreaterThan(0);
    await expect(page.getByTestId('endpoint-button')).toContainText('Chain: compat');
    // The dialog stays to say which chain it reached; the reader closes it.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Links keep the endpoint; a visit without ?api= uses the one kept locally.
    await page.getByRole('link', { name: 'Upgrades' }).click();
    await expect(page).toHaveURL(/upgrades\?api=/);
    await page.goto('/upgrades');
    await expect(page.getByTestId('endpoint-button')).toContainText('Chain: compat');
  });

  test('a cross-origin endpoint that allows CORS is read directly', async ({ page }, info) => {
    test.skip(info.project.name !== 'extended', 'reads the compat service from the extended one');
    await page.goto('/groups?api=http://127.0.0.1:4174');
    await expect(page.getByTestId('list-count')).toHaveText('25 of 39 groups');
    await expect(page.getByTestId('latest-height')).toHaveText(/^height [\d,]+$/);
  });
});
