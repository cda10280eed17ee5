import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { ARCHIVE, archiveJson, groupNamed, policiesOf, proposalsOf } from './chain.ts';

// Pages that tell the whole truth: names from plain-text metadata, final tallies drawn against
// the weights they were tallied with, one account of a proposal's votes, pruned proposals shown
// whole, and an overview that asks little.

interface ArchivedRecord {
  proposal: {
    id: string;
    status: string;
    on_chain: boolean;
    title: string;
    summary: string;
    group_policy_address: string;
  };
  tallied_with: { total_weight: string } | null;
  vote_count: string | null;
}

/** The newest proposal the archive saw tallied (live proposals end every few seconds on the e2e chain). */
async function talliedWhileArchived(request: APIRequestContext, status: string): Promise<ArchivedRecord> {
  let found: ArchivedRecord | null = null;
  await expect
    .poll(
      async () => {
        const list = await archiveJson<{ proposals: { id: string }[] }>(
          request,
          `proposals?status=${status}&pagination.limit=20`,
        );
        for (const { id } of list.proposals) {
          const record = await archiveJson<ArchivedRecord>(request, `proposals/${id}`);
          if (record.tallied_with && Number(record.vote_count) > 0) {
            found = record;
            return true;
          }
        }
        return false;
      },
      { timeout: 90_000, intervals: [2000] },
    )
    .toBe(true);
  return found!;
}

/** API requests a page makes in its first `ms` milliseconds. */
function countRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/(cosmos|polity)\//.test(url.pathname)) seen.push(`${url.pathname}${url.search}`);
  });
  return seen;
}

test.describe('truthful pages, with an archive', () => {
  test('a group named by plain-text metadata is named and found by that name', async ({ page }) => {
    await archiveJson(page.request, 'status');
    await page.goto('/');
    const box = page.getByRole('searchbox', { name: 'Search groups, proposals and addresses' });
    await box.fill('emptied');
    await box.press('Enter');
    const results = page.getByRole('region', { name: 'Results' });
    await results.getByRole('link', { name: /^Group Emptied group Group #\d+$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Emptied group' })).toBeVisible();
    await expect(page).toHaveTitle(/^Emptied group · Group #\d+ · Polity$/);
    await expect(page.getByText('emptied group treasury').first()).toBeVisible();
  });

  test('a final tally is drawn against the weights it was tallied with, its votes accounted for once', async ({
    page,
  }) => {
    const record = await talliedWhileArchived(page.request, 'PROPOSAL_STATUS_REJECTED');
    await page.goto(`/proposals/${record.proposal.id}`);
    const verdict = page.getByTestId('tally-verdict');
    await expect(verdict).toContainText('Rejected');
    await expect(verdict).toContainText('The pass line when the chain tallied it was');
    await expect(page.getByTestId('tally-panel').getByTestId('threshold-line')).toBeVisible();
    // The node pruned the votes; the page says so once, and where they are.
    await expect(page.getByTestId('votes-pruned-note')).toContainText(`The archive kept ${record.vote_count} of them`);
    await expect(page.getByText(/^0 votes/)).toHaveCount(0);
    // The archived votes, at their tally-time weights, add up to the chain's final tally.
    const audit = page.getByTestId('tally-audit');
    await audit.getByRole('button', { name: 'Recount from every vote' }).click();
    await expect(audit.getByTestId('audit-result')).toContainText(
      'final tally adds up from the archived votes at their tally-time weights',
    );
    await expect(audit.getByRole('button', { name: 'Download votes (CSV)' })).toBeVisible();
  });

  test('a proposal the chain pruned is shown whole from the archive, marked pruned', async ({ page }) => {
    let id = '';
    await expect
      .poll(
        async () => {
          const list = await archiveJson<{
            proposals: { id: string; on_chain: boolean; submit_time: string | null }[];
          }>(page.request, 'proposals?status=PROPOSAL_STATUS_ACCEPTED&pagination.limit=50');
          id = list.proposals.find((proposal) => !proposal.on_chain && proposal.submit_time !== null)?.id ?? '';
          return id;
        },
        { timeout: 90_000 },
      )
      .not.toBe('');
    await page.goto(`/proposals/${id}`);
    await expect(page.getByTestId('proposal-pruned')).toBeVisible();
    await expect(page.getByText('Policy', { exact: true })).toBeVisible();
    await expect(page.getByText('Proposers', { exact: true })).toBeVisible();
    await expect(page.getByTestId('tally-verdict')).toContainText('Accepted');
    await expect(page.getByRole('heading', { name: /^Messages \(\d+\)$/ })).toBeVisible();
    await expect(page.getByTestId('votes-pruned-note')).toContainText('The chain has pruned this proposal');
  });

  test('a withdrawn proposal claims no tally', async ({ page }) => {
    const list = await archiveJson<{ proposals: { id: string; on_chain: boolean }[] }>(
      page.request,
      'proposals?status=PROPOSAL_STATUS_WITHDRAWN&pagination.limit=50',
    );
    const withdrawn = list.proposals.find((proposal) => proposal.on_chain) ?? list.proposals[0];
    await page.goto(`/proposals/${withdrawn.id}`);
    await expect(page.getByText(/A withdrawn proposal has no tally/)).toBeVisible();
    await expect(page.getByTestId('tally-audit')).toContainText('There is no tally to check');
    await expect(page.getByTestId('tally-verdict')).toHaveCount(0);
    await expect(page.getByText(/Not executed/)).toHaveCount(0);
  });

  test('an aborted proposal claims no tally either', async ({ page }) => {
    const list = await archiveJson<{ proposals: { id: string }[] }>(
      page.request,
      'proposals?status=PROPOSAL_STATUS_ABORTED&pagination.limit=1',
    );
    expect(list.proposals.length, 'the demo chain aborts a proposal when its policy changes').toBeGreaterThan(0);
    await page.goto(`/proposals/${list.proposals[0].id}`);
    await expect(page.getByText(/An aborted proposal has no tally/)).toBeVisible();
    await expect(page.getByTestId('tally-audit')).toContainText('There is no tally to check');
    await expect(page.getByTestId('tally-verdict')).toHaveCount(0);
    await expect(page.getByText(/when the tally was made/)).toHaveCount(0);
  });

  test('one number style and a named tab: heights grouped, never "(h …)", no badge of an execution that cannot be', async ({
    page,
  }) => {
    const record = await talliedWhileArchived(page.request, 'PROPOSAL_STATUS_REJECTED');
    await page.goto(`/proposals/${record.proposal.id}`);
    await expect(page.getByTestId('tally-verdict')).toContainText('Rejected');
    await expect(page).toHaveTitle(new RegExp(`^Proposal ${record.proposal.id} · .+ · Polity$`));
    const history = page.getByTestId('proposal-timeline');
    await expect(history).toContainText(/height \d{1,3},\d{3}/);
    // The summary is the proposer's own words ("Live proposal at height 518845."), not Polity's.
    const main = (await page.locator('main').innerText()).replace(record.proposal.summary, '').replace(/\s+/g, ' ');
    expect(main).not.toMatch(/\(h \d/);
    expect(main).not.toMatch(/height \d{4,}/);
    await expect(page.getByText(/not executed/i)).toHaveCount(0);
  });

  test('the overview asks for what it shows: at most 8 requests, besides the header’s height', async ({ page }) => {
    await archiveJson(page.request, 'status');
    const requests = countRequests(page);
    await page.goto('/');
    await expect(page.getByTestId('overview-groups')).not.toHaveText('…');
    await page.waitForTimeout(5000);
    // The header keeps the height moving with the chain: one small read (the upgrade plan) per block
    // time of quiet, at most one a second. Apart from those, the page's own requests.
    const heightReads = requests.filter((path) => path.endsWith('/current_plan')).length - 1;
    expect(heightReads, requests.join('\n')).toBeLessThanOrEqual(5);
    expect(requests.length - heightReads, requests.join('\n')).toBeLessThanOrEqual(8);
    expect(requests.filter((path) => path.includes('proposals_by_group_policy'))).toEqual([]);
  });

  test('the proposal page asks the archive at once, beside the node', async ({ page }) => {
    const record = await talliedWhileArchived(page.request, 'PROPOSAL_STATUS_REJECTED');
    // Requests asked and answered, in the order the browser saw them.
    const seen: string[] = [];
    page.on('request', (request) => seen.push(`asked ${new URL(request.url()).pathname}`));
    page.on('requestfinished', (request) => seen.push(`answered ${new URL(request.url()).pathname}`));
    await page.goto(`/proposals/${record.proposal.id}`);
    await expect(page.getByTestId('tally-verdict')).toBeVisible();
    const archiveAsked = seen.indexOf(`asked ${ARCHIVE}/proposals/${record.proposal.id}`);
    const groupAnswered = seen.findIndex((line) => line.startsWith('answered') && line.includes('/group_info/'));
    expect(archiveAsked, seen.join('\n')).toBeGreaterThanOrEqual(0);
    expect(groupAnswered, seen.join('\n')).toBeGreaterThanOrEqual(0);
    // Not in a chain behind the policy and its group: it waits only on the archive's status (asked
    // beside the policy's request). So it is asked before the group's answer comes — unless the
    // status itself answered later still, which is the machine's business, not a chain.
    const statusAnswered = seen.indexOf(`answered ${ARCHIVE}/status`);
    expect(statusAnswered, seen.join('\n')).toBeGreaterThanOrEqual(0);
    expect(statusAnswered, seen.join('\n')).toBeLessThan(archiveAsked);
    if (statusAnswered < groupAnswered) expect(archiveAsked, seen.join('\n')).toBeLessThan(groupAnswered);
  });
});

test.describe('dates from the chain', () => {
  test('a poll rejected before its voting period ended says when voting would have ended, not that it ended', async ({
    page,
  }) => {
    const polls = await groupNamed(page.request, 'Daily polls');
    const [policy] = await policiesOf(page.request, polls.id);
    // Two "no" of four members leave "yes" short of 3: the chain rejects such a poll at once.
    const early = (await proposalsOf(page.request, policy.address)).find(
      (proposal) =>
        proposal.status === 'PROPOSAL_STATUS_REJECTED' && Date.parse(proposal.voting_period_end) > Date.now(),
    );
    expect(early, 'a poll rejected early, its voting period still running').toBeDefined();
    await page.goto(`/proposals/${early!.id}`);
    const decided = page.getByTestId('proposal-decided');
    await expect(decided).toContainText('Decided');
    await expect(decided).toContainText(/Voting period would have ended \d{1,2} \w{3} \d{4}/);
    await expect(page.getByText('Voting ended', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Voting ends', { exact: true })).toHaveCount(0);
  });
});
