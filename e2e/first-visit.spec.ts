import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test } from '@playwright/test';

// The first visit right after the service starts, while its archive is still creating its
// database: the pages answer, wait quietly where they need the archive, and the browser logs no
// failed request and no error.

const PORT = 4176;
const BASE = `http://127.0.0.1:${PORT}`;

let service: ChildProcess | undefined;
let dataDir = '';

test.afterEach(() => {
  service?.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const getJson = async <T>(path: string) => (await (await fetch(`${BASE}${path}`)).json()) as T;

/** A stored proposal: the newest of the first policy that has any. */
async function aStoredProposal(): Promise<string> {
  const { groups } = await getJson<{ groups: { id: string }[] }>('/cosmos/group/v1/groups?pagination.limit=100');
  for (const group of groups) {
    const { group_policies: policies } = await getJson<{ group_policies: { address: string }[] }>(
      `/cosmos/group/v1/group_policies_by_group/${group.id}`,
    );
    for (const policy of policies) {
      const { proposals } = await getJson<{ proposals: { id: string }[] }>(
        `/cosmos/group/v1/proposals_by_group_policy/${policy.address}`,
      );
      if (proposals.length > 0) return proposals[proposals.length - 1].id;
    }
  }
  throw new Error('no stored proposal');
}

test('with an archive: a first visit while the archive opens logs no error', async ({ page }) => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), 'polity-first-visit-'));
  const args = ['server/main.ts', '--port', String(PORT), '--data-dir', dataDir, '--rpc-port', 'off'];
  service = spawn(process.execPath, ['--import', 'tsx', ...args, '--block-time', '1000'], { stdio: 'ignore' });
  await expect
    .poll(async () => (await fetch(`${BASE}/cosmos/group/v1/groups`).catch(() => null))?.status ?? 0, {
      timeout: 60_000,
      intervals: [50],
    })
    .toBe(200);
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on(
    'response',
    (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`),
  );
  await page.goto(`${BASE}/`);
  await expect(page.getByRole('heading', { name: 'Group governance and upgrades' })).toBeVisible();
  // The archive's own answers arrive once it is open; until then the page waits quietly.
  await expect(page.getByTestId('open-proposals')).toBeVisible({ timeout: 60_000 });
  await page.goto(`${BASE}/proposals/${await aStoredProposal()}`);
  await expect(page.getByTestId('proposal-timeline')).toBeVisible({ timeout: 60_000 });
  expect(problems).toEqual([]);
});
