import { expect, test, type Page } from '@playwright/test';

import { archiveJson, openQuickPoll } from './chain.ts';

// Pages that stay true while the chain moves: a proposal page left open follows its proposal to
// the end (decided, executed, pruned) without a reload and without an error, list rows say their
// tallies in words, and a proposal the archive found already decided claims only what is known.

const G = '/cosmos/group/v1';

interface ArchivedProposal {
  id: string;
  status: string;
  on_chain: boolean;
  executor_result: string | null;
  submit_time: string | null;
  voting_period_end: string | null;
}

/** Marks the page so a reload (which would clear the mark) is noticed. */
async function markNoReload(page: Page) {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}
const stillNoReload = (page: Page) =>
  page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

/** No error banner, no node text: the page explains in words (the tally's verdict is not an error). */
async function expectNoErrorShown(page: Page) {
  for (const text of await page.locator('[role="alert"]:not([data-testid^="tally-"])').allTextContents())
    expect(text).not.toMatch(/could not|failed|stale|not found|refused|codespace/i);
  await expect(page.getByText(/codespace|Stale/)).toHaveCount(0);
}

test.describe('with an archive: a proposal page left open', () => {
  test('follows its proposal to the decision: final tally, the deciding block, the votes as counted', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const poll = await openQuickPoll(page.request, 12_000);
    await page.goto(`/proposals/${poll.id}`);
    await markNoReload(page);
    await expect(page.getByTestId('tally-live')).toBeVisible();
    // Between the tally and the archive's record of it, no table of shares of the counted weight
    // alone stands for a moment (it would change a second later): watched for the whole wait.
    await page.evaluate(() => {
      const seen = window as unknown as { interimTable?: boolean };
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="tally-line-unknown"]')) seen.interimTable = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    // Voting ends by the clock; the end-blocker then decides, or the chain executed and pruned
    // it earlier, or it was withdrawn: the page reaches the outcome by itself.
    const ends = Date.parse(poll.voting_period_end);
    const outcome = page
      .getByTestId('tally-final')
      .or(page.getByText(/has no tally: a proposer|has no tally: its group policy changed/));
    await expect(outcome).toBeVisible({ timeout: Math.max(0, ends - Date.now()) + 30_000 });
    const record = await archiveJson<{ proposal: ArchivedProposal }>(page.request, `proposals/${poll.id}`);
    if (/ACCEPTED|REJECTED/.test(record.proposal.status)) {
      await expect(page.getByTestId('proposal-decided')).toContainText(/height [\d,]+/, { timeout: 15_000 });
      await expect(page.getByRole('heading', { name: 'Votes as counted (archive)' })).toBeVisible();
      await expect(page.getByTestId('figure-sources')).toContainText('The archive followed its voting');
    }
    await expectNoErrorShown(page);
    expect(await stillNoReload(page)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { interimTable?: boolean }).interimTable ?? false)).toBe(
      false,
    );
  });

  test('moves to the archive’s record when the chain executes and prunes the proposal', async ({ browser, page }) => {
    test.setTimeout(180_000);
    // Anyone may execute an accepted proposal; the simulated chain does so every twenty blocks or
    // so, picking one at random. Every one that could be executed is opened, each in a tab: the
    // next successful execution prunes one of them while it is open.
    const accepted = await archiveJson<{ proposals: ArchivedProposal[] }>(
      page.request,
      'proposals?status=PROPOSAL_STATUS_ACCEPTED&pagination.limit=200',
    );
    const candidates = accepted.proposals
      .filter((proposal) => proposal.on_chain && proposal.executor_result !== 'PROPOSAL_EXECUTOR_RESULT_FAILURE')
      .slice(0, 8);
    test.skip(candidates.length === 0, 'no accepted proposal waits for execution on this chain yet');
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const tabs = new Map<string, Page>();
    for (const proposal of candidates) {
      const tab = await context.newPage();
      await tab.goto(`/proposals/${proposal.id}`);
      await expect(tab.getByTestId('tally-final')).toBeVisible();
      await markNoReload(tab);
      tabs.set(proposal.id, tab);
    }
    let pruned = '';
    await expect
      .poll(
        async () => {
          for (const id of tabs.keys())
            if ((await page.request.get(`${G}/proposal/${id}`)).status() !== 200) pruned = id;
          return pruned;
        },
        { timeout: 150_000, intervals: [1000] },
      )
      .not.toBe('');
    const tab = tabs.get(pruned)!;
    await expect(tab.getByTestId('proposal-pruned')).toBeVisible({ timeout: 20_000 });
    await expect(tab.getByTestId('votes-pruned-note')).toContainText('The chain has pruned this proposal');
    await expect(tab.getByTestId('tally-final')).toBeVisible();
    await expectNoErrorShown(tab);
    expect(await stillNoReload(tab)).toBe(true);
    await context.close();
  });
});

test.describe('with an archive: lists and a pruned proposal', () => {
  test('open rows say their tally in words and numbers, decided rows their final numbers', async ({ page }) => {
    await openQuickPoll(page.request, 5_000);
    await page.goto('/');
    const open = page.getByTestId('open-proposals');
    await expect(open.getByTestId('row-tally-words').first()).toHaveText(
      /^Yes weight [\d,.≈ ]+ of [\d,.≈ ]+( · (No|Veto|Abstain) [\d,.≈ <]+)*( · ([\d,.≈ <]+ more needed|pass line reached|cannot pass as things stand))?$/,
    );
    await page.goto('/proposals?status=PROPOSAL_STATUS_REJECTED');
    await expect(page.getByTestId('row-final-tally').first()).toHaveText(/^Rejected · Yes weight [\d,.≈ ]+/);
  });

  test('a proposal the archive found already decided claims no decision block and lists no non-voters', async ({
    page,
  }) => {
    // Genesis history: the archive began with these already decided and their votes pruned.
    const list = await archiveJson<{ proposals: ArchivedProposal[] }>(
      page.request,
      'proposals?status=PROPOSAL_STATUS_ACCEPTED&order_by=id&order=asc&pagination.limit=50',
    );
    let target = '';
    for (const proposal of list.proposals) {
      const record = await archiveJson<{ timeline: { kind: string }[]; vote_count: string | null }>(
        page.request,
        `proposals/${proposal.id}`,
      );
      if (record.timeline[0]?.kind === 'first_seen' && record.vote_count === '0') {
        target = proposal.id;
        break;
      }
    }
    expect(target, 'an accepted proposal the archive first saw decided').not.toBe('');
    await page.goto(`/proposals/${target}`);
    await expect(page.getByTestId('proposal-decided')).toContainText('by the end of its voting period');
    await expect(page.getByTestId('decision-first-seen')).toContainText('the archive first saw it decided at height');
    await expect(page.getByTestId('figure-sources')).toContainText(
      'The archive began after its votes were pruned: it saw none of them',
    );
    await expect(page.getByText(/^Members at height .* who did not vote/)).toHaveCount(0);
    await expectNoErrorShown(page);
  });
});
