import { readFileSync } from 'node:fs';

import { expect, test, type APIRequestContext, type Download } from '@playwright/test';

import { ARCHIVE, archiveJson, archiveOpen } from './chain.ts';

// Journeys through what only the archive knows ("with an archive"), and the same pages against a
// plain node started with --archive off ("on a plain node"): a config runs each describe against
// its own server (grep by describe title).

const OPTION_LABELS: Record<string, string> = {
  VOTE_OPTION_YES: 'Yes',
  VOTE_OPTION_ABSTAIN: 'Abstain',
  VOTE_OPTION_NO: 'No',
  VOTE_OPTION_NO_WITH_VETO: 'No with veto',
};

interface ArchivedProposal {
  id: string;
  title: string;
  status: string;
  on_chain: boolean;
  executor_result: string;
  group_id: string;
  group_policy_address: string;
}

/** Accepted proposals the archive holds, newest first: pruned ones are among them. */
const acceptedProposals = async (request: APIRequestContext, limit: number) =>
  (
    await archiveJson<{ proposals: ArchivedProposal[] }>(
      request,
      `proposals?status=PROPOSAL_STATUS_ACCEPTED&pagination.limit=${limit}`,
    )
  ).proposals;

test.describe('with an archive', () => {
  test.beforeEach(({ request }) => archiveOpen(request));
  test('find a proposal by a word of its title', async ({ page, request }) => {
    let title = '';
    await expect
      .poll(async () => {
        const { proposals } = await archiveJson<{ proposals: ArchivedProposal[] }>(
          request,
          'proposals?pagination.limit=20',
        );
        title = proposals.find((p) => /[a-z]{6,}/i.test(p.title))?.title ?? '';
        return title;
      })
      .not.toBe('');
    const word = /[a-z]{6,}/i.exec(title)?.[0] ?? '';
    await page.goto('/proposals');
    await page.getByLabel('Words in the title or summary').fill(word.slice(0, 5));
    const table = page.getByRole('table', { name: 'Proposals' });
    await expect(table.getByRole('link', { name: new RegExp(word, 'i') }).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`q=${word.slice(0, 5)}`));
    // Each row matches in its title, or in its summary or metadata, which the row does not show.
    const rows = (await table.getByRole('row').allInnerTexts()).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const id = /^#(\d+)/.exec(row.trim())?.[1] ?? '';
      const { proposal } = await archiveJson<{ proposal: ArchivedProposal & { summary: string; metadata: string } }>(
        request,
        `proposals/${id}`,
      );
      const searched = `${proposal.title} ${proposal.summary} ${proposal.metadata}`.toLowerCase();
      expect(searched, `#${id}`).toContain(word.slice(0, 5).toLowerCase());
    }
  });

  test('filter proposals to the open ones, across every group', async ({ page, request }) => {
    await expect
      .poll(
        async () =>
          (await archiveJson<{ proposals: unknown[] }>(request, 'proposals?voting_open=true')).proposals.length,
      )
      .toBeGreaterThan(0);
    await page.goto('/proposals');
    // The switch can be clicked while the page is still settling; keep at it until it took.
    await expect(async () => {
      await page.getByLabel('Open for voting only').check({ timeout: 2_000 });
      await expect(page).toHaveURL(/open=1/, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    const table = page.getByRole('table', { name: 'Proposals' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const { proposals } = await archiveJson<{ proposals: ArchivedProposal[] }>(
      request,
      'proposals?voting_open=true&pagination.limit=1000',
    );
    // Every row is open; every group with an open proposal (per the archive just now) appears.
    const rows = await table.getByRole('row').allInnerTexts();
    for (const row of rows.slice(1)) expect(row).toMatch(/voting/i);
    const groups = new Set(proposals.map((p) => p.group_id));
    const shown = rows.join('\n');
    const missing = [...groups].filter((id) => !shown.includes(`#${id} `));
    expect(missing.length).toBeLessThanOrEqual(1); // one may close between the two reads
    // Each open row carries its live tally, as a bar whose name reads the counts.
    const lasting = table
      .getByRole('row')
      .filter({ hasText: /closes in \d+ (days?|hours?)/ })
      .first();
    await expect(
      lasting.getByRole('img', { name: /^Tally: Yes \S+, No \S+, No with veto \S+, Abstain \S+/ }),
    ).toBeVisible();
    expect(rows.join('\n')).not.toMatch(/closes \d+ \w+ ago/);
  });

  test('a voter’s record includes a vote on a proposal since executed and pruned', async ({ page, request }) => {
    let found: { proposal: string; voter: string } | null = null;
    await expect
      .poll(
        async () => {
          const proposals = await acceptedProposals(request, 100);
          for (const proposal of proposals.filter((p) => !p.on_chain)) {
            const { votes } = await archiveJson<{ votes: { voter: string }[] }>(
              request,
              `proposals/${proposal.id}/votes`,
            );
            if (votes[0]) return (found = { proposal: proposal.id, voter: votes[0].voter });
          }
          return null;
        },
        { timeout: 75_000, intervals: [2_000] },
      )
      .not.toBeNull();
    if (!found) throw new Error('unreachable');
    const { proposal, voter } = found as { proposal: string; voter: string };
    await page.goto(`/voters/${voter}`);
    const table = page.getByRole('table', { name: 'Every vote by this address' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    // Newest first, virtualised: scroll down (a bounded number of times) until its row is drawn.
    const row = table.getByRole('row', { name: new RegExp(`#${proposal} `) });
    for (let i = 0; i < 40 && !(await row.isVisible()); i++) await page.mouse.wheel(0, 600);
    await expect(row).toBeVisible();
    await expect(row).toContainText('pruned from chain, kept by the archive, observed at height');
    await expect(row).toContainText('Accepted');

    // The auditor narrows the whole record to one option, then exports what matches, with provenance.
    const { votes } = await archiveJson<{ votes: { option: string }[] }>(request, `voters/${voter}/votes?order=asc`);
    const option = votes[0].option;
    await page.getByRole('combobox', { name: 'Option' }).selectOption(option);
    await expect(page.getByText(/matching votes?$/)).toBeVisible();
    const others = ['Yes', 'Abstain', 'No', 'No with veto'].filter((label) => label !== OPTION_LABELS[option]);
    const rows = table.getByRole('row');
    await expect(rows.nth(1)).toContainText(OPTION_LABELS[option]);
    for (const label of others) await expect(table.getByText(label, { exact: true })).toHaveCount(0);
    // One click, two files: the CSV (a spreadsheet opens it as it is) and its provenance beside it.
    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    await page.getByRole('button', { name: /Export matching votes \(CSV/ }).click();
    await expect.poll(() => downloads.length, { timeout: 30_000 }).toBe(2);
    const fileNamed = async (suffix: string) =>
      readFileSync(
        (await downloads.find((download) => download.suggestedFilename().endsWith(suffix))!.path())!,
        'utf8',
      );
    const provenance = JSON.parse(await fileNamed('.provenance.json')) as { source: { query: string } };
    expect(provenance.source.query).toBe(
      `GET ${ARCHIVE}/voters/${voter}/votes?order=desc&option=${option} (all pages)`,
    );
    const text = await fileNamed('.csv');
    const dataLines = text.split('\r\n').filter(Boolean).slice(1);
    expect(dataLines.length).toBeGreaterThan(0);
    expect(dataLines.every((line) => line.includes(`,${option},`))).toBe(true);
  });
});

test.describe('with an archive, over time', () => {
  test.beforeEach(({ request }) => archiveOpen(request));
  test('a pruned proposal keeps its timeline and the weights its votes counted', async ({ page, request }) => {
    let id = '';
    await expect
      .poll(
        async () => {
          const proposals = await acceptedProposals(request, 50);
          id = proposals.find((p) => !p.on_chain && p.executor_result.endsWith('SUCCESS'))?.id ?? '';
          return id;
        },
        { timeout: 60_000, intervals: [2_000] },
      )
      .not.toBe('');
    await page.goto(`/proposals/${id}`);
    await expect(page.getByText('Kept by the archive', { exact: true })).toBeVisible();
    const timeline = page.getByTestId('proposal-timeline');
    await expect(timeline).toContainText('Executed: its messages ran');
    await expect(timeline).toContainText('Pruned from chain state · height');
    await expect(page.getByRole('table', { name: 'Archived votes' }).getByRole('row').nth(1)).toBeVisible();
  });

  test.describe('read in New York', () => {
    test.use({ timezoneId: 'America/New_York' });
    test('the votes chart’s time axis is in the reader’s zone, UTC on hover', async ({ page, request }) => {
      let id = '';
      await expect
        .poll(
          async () => {
            // A pruned proposal with two votes at least: its chart has a start and an end.
            for (const proposal of (await acceptedProposals(request, 50)).filter((p) => !p.on_chain)) {
              const record = await archiveJson<{ vote_count: string | null }>(request, `proposals/${proposal.id}`);
              if (Number(record.vote_count ?? '0') >= 2) return (id = proposal.id);
            }
            return '';
          },
          { timeout: 60_000, intervals: [2_000] },
        )
        .not.toBe('');
      await page.goto(`/proposals/${id}`);
      const axis = page.getByTestId('chart-time-axis');
      await expect(axis).toContainText(/\d{2}:\d{2}:\d{2} E[SD]T/);
      await expect(axis).not.toContainText('UTC');
      await expect(axis.locator('span[title]').first()).toHaveAttribute(
        'title',
        /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/,
      );
    });
  });

  test('a policy’s page says its list leaves out pruned proposals, and leads to the archive’s list of all', async ({
    page,
    request,
  }) => {
    let pruned: ArchivedProposal | undefined;
    await expect
      .poll(
        async () => {
          const proposals = await acceptedProposals(request, 50);
          pruned = proposals.find((p) => !p.on_chain);
          return pruned?.id ?? '';
        },
        { timeout: 60_000, intervals: [2_000] },
      )
      .not.toBe('');
    const policy = pruned!.group_policy_address;
    await page.goto(`/policies/${policy}`);
    await expect(page.getByTestId('policy-pruned-proposals')).toContainText('this count leaves them out');
    await page.getByRole('link', { name: /Every proposal of this policy, pruned ones included/ }).click();
    await expect(page).toHaveURL(new RegExp(`/proposals\\?policy=${policy}`));
    await expect(page.getByRole('table', { name: 'Proposals' }).getByRole('row').nth(1)).toBeVisible();
  });

  test('an applied upgrade appears in the history once its height passes', async ({ page, request }) => {
    test.setTimeout(150_000);
    let scheduled: { name: string; height: string } | null = null;
    await expect
      .poll(
        async () => (scheduled = (await archiveJson<{ scheduled: typeof scheduled }>(request, 'upgrades')).scheduled),
        // A plan is scheduled some blocks after the last one applied: on a busy machine, a while.
        { timeout: 90_000, intervals: [1000] },
      )
      .not.toBeNull();
    const { name } = scheduled as unknown as { name: string };
    await page.goto('/upgrades');
    await expect(page.getByTestId('plan-countdown')).toContainText(name);
    await expect(page.getByTestId('plan-countdown')).toContainText(/\d blocks/);
    await expect(page.getByTestId('plan-countdown')).toContainText('ETA');
    // Upgrades come every 120 blocks (about a minute here); the page polls the archive.
    await expect(page.getByTestId('applied-history')).toContainText(name, { timeout: 100_000 });
  });
});

test.describe('on a plain node', () => {
  test('the proposals page walks the groups with progress and says what is missing', async ({ page }) => {
    await page.goto('/proposals');
    await expect(page.getByTestId('walk-progress')).toContainText(/Read \d+ of \d+ groups/);
    await expect(page.getByText('Proposals stored on the node only')).toBeVisible();
    await expect(page.getByTestId('walk-progress')).toContainText(/proposals shown/);
  });

  test('the voter page explains the full record needs an archive', async ({ page, request }) => {
    const response = await request.get('/cosmos/group/v1/groups?pagination.limit=1');
    const { groups } = (await response.json()) as { groups: { id: string; admin: string }[] };
    await page.goto(`/voters/${groups[0].admin}`);
    await expect(page.getByTestId('needs-archive')).toContainText('The full voting record needs an archive');
  });

  test('upgrades and a proposal’s history say they need an archive, and what works instead', async ({ page }) => {
    await page.goto('/upgrades');
    await expect(page.getByTestId('needs-archive')).toContainText('The list of applied upgrades needs an archive');
    await expect(page.getByLabel('Plan names')).toBeVisible();
    await page.goto('/proposals/1');
    await expect(page.getByTestId('needs-archive')).toContainText('needs an archive');
  });
});
