import { expect, test, type APIRequestContext } from '@playwright/test';

import { api, archiveJson, groupNamed, policiesOf, proposalsOf, proposalTitled } from './chain.ts';

// What a group holds and what its proposals would do with it, as a treasurer reads it on the
// embedded chain: a policy's funds and its ledger, an open proposal's spend against them, one
// that would overdraw, and who can still decide an open vote as the votes come in.
test.skip(({ baseURL }) => !baseURL?.endsWith(':4173'), 'the ledger is the archive’s: one run, with an archive');

const SEND = '/cosmos.bank.v1beta1.MsgSend';
const grouped = (amount: bigint) => amount.toLocaleString('en-US');

async function stakeOf(request: APIRequestContext, address: string): Promise<bigint> {
  const { balances } = await api<{ balances: { denom: string; amount: string }[] }>(
    request,
    `/cosmos/bank/v1beta1/balances/${address}`,
  );
  return BigInt(balances.find((coin) => coin.denom === 'stake')?.amount ?? '0');
}

/** The policies that make live proposals: the quick policies of the Core contributors and the Community assembly. */
async function quickPolicy(request: APIRequestContext, group: string) {
  const policies = await policiesOf(request, (await groupNamed(request, group)).id);
  const quick = policies.find((policy) => policy.metadata.toLowerCase().includes('quick'));
  if (!quick) throw new Error(`no quick policy in ${group}`);
  return quick;
}

test.describe('treasuries, with an archive', () => {
  test('a policy’s treasury is what x/bank holds, and its ledger lists each spend with its proposal', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const quick = await quickPolicy(page.request, 'Core contributors');
    // A live proposal of this policy sends or delegates now and then; the archive records each send.
    let rows: { direction: string; amount: string; proposal_id: string | null }[] = [];
    await expect
      .poll(
        async () => {
          ({ transfers: rows } = await archiveJson<{ transfers: typeof rows }>(
            page.request,
            `policies/${quick.address}/ledger`,
          ));
          return rows.length;
        },
        { timeout: 120_000, intervals: [2000] },
      )
      .toBeGreaterThan(0);
    await page.goto(`/policies/${quick.address}`);
    const held = await stakeOf(page.request, quick.address);
    await expect(page.getByTestId('policy-treasury')).toContainText(/This policy holds [\d,]+ stake/);
    const shown = BigInt(
      /holds ([\d,]+) stake/
        .exec((await page.getByTestId('policy-treasury').textContent()) ?? '')![1]
        .replaceAll(',', ''),
    );
    // Read a moment apart: a spend may land between them, never an amount from elsewhere.
    expect(shown <= held + 10_000_000n && shown >= held - 10_000_000n).toBe(true);
    const ledger = page
      .getByRole('region', { name: 'Ledger' })
      .or(page.locator('section[aria-labelledby="ledger-title"]'));
    const spend = rows.find((row) => row.direction === 'out' && row.proposal_id !== null)!;
    await expect(ledger.getByText('Out', { exact: true }).first()).toBeVisible();
    await expect(ledger.getByRole('link', { name: `#${spend.proposal_id}` }).first()).toBeVisible();
  });

  test('an open proposal says what it would send of what the policy holds, and what would remain', async ({ page }) => {
    const proposal = await proposalTitled(page.request, 'Core contributors', 'Raise the validator budget');
    const held = await stakeOf(page.request, proposal.group_policy_address);
    await page.goto(`/proposals/${proposal.id}`);
    // 1,000 stake sent and 5,000 delegated.
    await expect(page.getByTestId('proposal-spend')).toHaveText(
      `Sends or delegates 6,000 stake of the policy's ${grouped(held)} stake; after it, ${grouped(held - 6000n)} stake would remain.`,
    );
  });

  test('a proposal that would send more than its policy holds is flagged before anyone executes it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const quick = await quickPolicy(page.request, 'Community assembly');
    expect(await stakeOf(page.request, quick.address)).toBe(0n);
    let id = '';
    await expect
      .poll(
        async () => {
          const open = (await proposalsOf(page.request, quick.address)).filter(
            (proposal) =>
              proposal.status === 'PROPOSAL_STATUS_SUBMITTED' &&
              proposal.messages.some((message) => message['@type'] === SEND) &&
              Date.parse(proposal.voting_period_end) > Date.now() + 8000,
          );
          id = open.at(-1)?.id ?? '';
          return id;
        },
        { timeout: 100_000, intervals: [1000] },
      )
      .not.toBe('');
    await page.goto(`/proposals/${id}`);
    const alert = page.getByTestId('proposal-spend');
    await expect(alert).toContainText('More than the policy holds');
    await expect(alert).toContainText('more than the policy holds: it has 0 stake');
    await expect(alert).toContainText('Executing it now would fail for want of funds.');
  });

  test('who can still decide an open vote changes as the votes come in', async ({ page }) => {
    test.setTimeout(150_000);
    const quick = await quickPolicy(page.request, 'Core contributors');
    const votesOf = async (id: string) =>
      (await api<{ votes: unknown[] }>(page.request, `/cosmos/group/v1/votes_by_proposal/${id}?pagination.limit=100`))
        .votes.length;
    // A live vote lasts 24 s; one with time left and members yet to vote sees a vote most seconds.
    await expect(async () => {
      const open = (await proposalsOf(page.request, quick.address)).filter(
        (proposal) =>
          proposal.status === 'PROPOSAL_STATUS_SUBMITTED' &&
          Date.parse(proposal.voting_period_end) > Date.now() + 15_000,
      );
      const proposal = open.at(-1);
      expect(proposal, 'an open live proposal with 15 s left').toBeDefined();
      const before = await votesOf(proposal!.id);
      expect(before).toBeLessThan(4);
      await page.goto(`/proposals/${proposal!.id}`);
      const pivotal = page.getByTestId('pivotal-voters');
      await expect(pivotal).toContainText('Who can still decide it');
      const first = await pivotal.textContent();
      await expect.poll(() => votesOf(proposal!.id), { timeout: 12_000 }).toBeGreaterThan(before);
      await expect(pivotal).not.toHaveText(first ?? '', { timeout: 10_000 });
    }).toPass({ timeout: 120_000 });
  });
});
