import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import { freePort, getJson, startPolity, type PolityProcess } from '../server/test/polity-process.ts';

// A chain that dropped x/group at an upgrade, met by an archive only after it: the node answers
// none of x/group's queries, yet the dashboard's group pages show its groups, their members and
// policies, rebuilt from the genesis and the blocks' transactions, and say that they were.
test.skip(({ baseURL }) => !baseURL?.endsWith(':4173'), 'two processes of its own: run once');

const DROPPED = '/upstream/dropped';

test.describe('a chain that dropped x/group, archived after the drop', () => {
  let chain: PolityProcess | undefined;
  let reader: PolityProcess | undefined;

  test.afterAll(async () => {
    await reader?.stop();
    await chain?.stop();
  });

  test('its group pages show the groups rebuilt from transactions, and say so', async ({ page }) => {
    test.setTimeout(240_000);
    const folder = mkdtempSync(path.join(tmpdir(), 'polity-dropped-'));
    // With this seed the upgrade v6-cirrus, which removes x/group, comes 114 blocks after genesis.
    chain = await startPolity(await freePort(), [
      '--data-dir',
      path.join(folder, 'chain'),
      '--seed',
      'test-seed',
      '--drop-group-at',
      'v6-cirrus',
      '--block-time',
      '100',
      '--archive',
      'off',
      '--rpc-port',
      'off',
    ]);
    const versions = () =>
      getJson<{ module_versions: { name: string }[] }>(`${chain!.base}/cosmos/upgrade/v1beta1/module_versions`);
    await expect
      .poll(async () => (await versions()).module_versions.some((module) => module.name === 'group'), {
        timeout: 120_000,
        intervals: [1000],
      })
      .toBe(false);
    reader = await startPolity(await freePort(), [
      '--data-dir',
      path.join(folder, 'reader'),
      '--block-time',
      '3600000',
      '--rpc-port',
      'off',
      '--upstream',
      `dropped=${chain.base}`,
      '--upstream-rpc',
      `dropped=${chain.base}/rpc`,
    ]);
    const status = () =>
      getJson<{ phase: string; group_module: { rebuilt_from_transactions: { groups: number } | null } | null }>(
        `${reader!.base}${DROPPED}/polity/archive/v1/status`,
      );
    await expect
      .poll(async () => (await status()).group_module?.rebuilt_from_transactions?.groups ?? 0, {
        timeout: 120_000,
        intervals: [1000],
      })
      .toBeGreaterThan(0);

    await page.goto(`${reader.base}/groups?api=${encodeURIComponent(DROPPED)}`);
    await expect(page.getByTestId('group-module-notice')).toContainText('No x/group on this chain any more');
    await expect(page.getByTestId('groups-rebuilt')).toContainText(
      'are rebuilt from the transactions that created and changed them (and from the chain’s genesis), not read from the chain’s state',
    );
    await expect(page.getByText(/^25 of \d+ groups$/)).toBeVisible();
    const { groups } = await getJson<{ groups: { id: string; name: string }[] }>(
      `${reader.base}${DROPPED}/polity/archive/v1/groups?pagination.limit=100`,
    );
    const core = groups.find((group) => group.name === 'Core contributors')!;
    await page.goto(`${reader.base}/groups/${core.id}?api=${encodeURIComponent(DROPPED)}`);
    await expect(page.getByRole('heading', { name: 'Core contributors' })).toBeVisible();
    await expect(page.getByTestId('total-weight')).toHaveText('6');
    await expect(page.getByText('5 members', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Core treasury' }).first()).toBeVisible();
  });
});
