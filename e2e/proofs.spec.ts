import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';

import { expect, test } from '@playwright/test';

import { ARCHIVE, archiveOpen } from './chain.ts';
import { everyPage, provenProposal } from './pages.ts';

// A reader opens a proposal page and the browser itself checks the archive's proof bundle against
// the chain's validators: the page says what is proven, from which trust root; the bundle it
// downloads is the file its hash names and verifies with the command too. The verifier is fetched
// only by a page that checks something, never by the first page.

test.describe('with an archive: proofs checked in the browser', () => {
  test('a proposal page proves its records in the reader’s browser, and its bundle verifies offline', async ({
    page,
    request,
  }) => {
    const id = await provenProposal(request);
    const scripts: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'script' || /\.js$/.test(sent.url())) scripts.push(sent.url());
    });
    await page.goto('/');
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /verify-worker/.test(url))).toEqual([]);

    await page.goto(`/proposals/${id}`);
    const panel = page.getByTestId('proof-panel');
    await expect(panel.getByTestId('proof-headline')).toContainText(
      /^Follows \(checked in your browser\) from the root this bundle carries \(height [\d,]+, hash [0-9A-F]{64}\): .+, signed by validators holding \d+ % of the power at height [\d,]+\. Compare that root with a source you trust\./,
      { timeout: 30_000 },
    );
    expect(scripts.some((url) => /verify-worker/.test(url))).toBe(true);
    await expect(panel.getByTestId('proof-trust-root')).toContainText(
      'It comes with the bundle, from the archive itself',
    );
    await expect(panel.getByTestId('proof-clock')).toContainText(
      /by this machine's clock, with a trusting period of 60 days \(two thirds of the chain’s unbonding time, as its node says it\); the root is [\d,]+ (second|minute|hour|day)s? old; the chain of trust holds until .+ UTC\./,
    );
    await expect(panel.getByTestId('proof-details')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Show each step and fact' }).click();
    await expect(panel.getByTestId('proof-steps')).toContainText('(trust root)');
    // From the bundle's own root a record follows from it; "proven" is said only from the reader's root.
    await expect(panel.getByTestId('proof-facts')).toContainText('follows: ');
    await expect(panel.getByTestId('proof-facts')).not.toContainText('proven: ');

    // The file saved is the bytes checked: its SHA-256 is the one the panel shows, and the command agrees.
    const shown = await panel.getByTitle(/^[0-9a-f]{64}$/).getAttribute('title');
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download proof bundle (JSON)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`proposal-${id}-proof-bundle.json`);
    const saved = (await file.path())!;
    expect(createHash('sha256').update(readFileSync(saved)).digest('hex')).toBe(shown);
    // From the root the file carries, the command says so (exit 3); from a root the reader takes
    // from the node itself, it says "Proven" (exit 0, or 4 with records the archive lists unproven).
    const commandOn = (checked: string, ...args: string[]) =>
      promisify(execFile)(process.execPath, [
        'bin/polity-verify.mjs',
        checked,
        '--trusting-period',
        '60d',
        ...args,
      ]).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (failure: { code: number; stdout: string }) => ({ code: failure.code, stdout: failure.stdout }),
      );
    const command = (...args: string[]) => commandOn(saved, ...args);
    const own = await command();
    // 3, or 5 when the archive lists records it holds without proof (a set too long to walk, say).
    expect([3, 5]).toContain(own.code);
    expect(own.stdout).toMatch(/^Follows from the root this bundle carries/);
    const bundle = JSON.parse(readFileSync(saved, 'utf8')) as {
      light_blocks: { signed_header: { header: { height: string } } }[];
    };
    const rootHeight = bundle.light_blocks[0].signed_header.header.height;
    const commit = (await (await request.get(`/rpc/commit?height=${rootHeight}`)).json()) as {
      result: { signed_header: { commit: { block_id: { hash: string } } } };
    };
    const yours = await command('--trust', `${rootHeight}:${commit.result.signed_header.commit.block_id.hash}`);
    expect([0, 4]).toContain(yours.code);
    expect(yours.stdout).toMatch(/^Proven/);

    // From the bundle's latest signed header, read from the node today: the panel offers it (as a
    // height the file can start from, or with the file that carries the hash links down from it),
    // and the command proves every record from there.
    const top = bundle.light_blocks.at(-1)!.signed_header.header.height;
    await expect(panel.getByTestId('proof-trust-root')).toContainText(BigInt(top).toLocaleString('en-US'));
    const linkedFile = saved.replace(/\.json$/, '-linked.json');
    const linked = await request.get(`${ARCHIVE}/proofs/proposals/${id}?links_from=${top}`);
    expect(linked.status()).toBe(200);
    writeFileSync(linkedFile, await linked.body());
    const topCommit = (await (await request.get(`/rpc/commit?height=${top}`)).json()) as typeof commit;
    const linkedCheck = await commandOn(
      linkedFile,
      '--trust',
      `${top}:${topCommit.result.signed_header.commit.block_id.hash}`,
    );
    expect([0, 4]).toContain(linkedCheck.code);
    expect(linkedCheck.stdout).toMatch(/^Proven/);
  });

  test('the upgrades page proves the applied upgrades in the reader’s browser', async ({ page, request }) => {
    test.setTimeout(180_000);
    await archiveOpen(request);
    // The chain applies an upgrade about a minute after it starts; its proof follows a few blocks later.
    await expect
      .poll(
        async () => {
          const { applied } = (await (await request.get(`${ARCHIVE}/upgrades`)).json()) as {
            applied: { proof: { verified?: boolean } }[];
          };
          return applied.some((plan) => plan.proof.verified === true);
        },
        { timeout: 150_000, intervals: [2000] },
      )
      .toBe(true);
    await page.goto('/upgrades');
    const panel = page.getByTestId('proof-panel');
    await expect(panel.getByTestId('proof-headline')).toContainText(
      /^Follows \(checked in your browser\) from the root this bundle carries \(height [\d,]+, hash [0-9A-F]{64}\): \d+ applied upgrades?, signed by validators holding \d+ % of the power/,
      { timeout: 30_000 },
    );
    await panel.getByRole('button', { name: 'Show each step and fact' }).click();
    await expect(panel.getByTestId('proof-facts')).toContainText(/upgrade \S+ applied at height [\d,]+/);
  });

  test('a group page proves its members’ weights and its policies’ rules in the reader’s browser', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await archiveOpen(request);
    const { proposals } = (await (await request.get(`${ARCHIVE}/proposals?pagination.limit=1`)).json()) as {
      proposals: { group_id: string }[];
    };
    const group = proposals[0].group_id;
    type Proven = { proof: { kind: string; verified?: boolean; reason?: string } };
    // Members and policies are proven a few blocks after the archive reads them.
    await expect
      .poll(
        async () => {
          const members = (await (await request.get(`${ARCHIVE}/groups/${group}/members`)).json()) as {
            members: (Proven & { weight: string })[];
          };
          const policies = (await (await request.get(`${ARCHIVE}/groups/${group}/policies`)).json()) as {
            policies: Proven[];
          };
          const all = [...members.members, ...policies.policies];
          // …and the walks that prove them all there are, in the same state.
          const bundle = (await (await request.get(`${ARCHIVE}/proofs/groups/${group}`)).json()) as {
            facts: { kind: string; claim: { kind: string } }[];
          };
          const sets = bundle.facts.filter((fact) => fact.kind === 'range').map((fact) => fact.claim.kind);
          return all.length > 1 && all.every((record) => record.proof.verified === true) && sets.includes('policy-set');
        },
        { timeout: 90_000, intervals: [1000] },
      )
      .toBe(true);
    expect((await request.get(`${ARCHIVE}/groups/99999999/members`)).status()).toBe(404);
    expect((await request.get(`${ARCHIVE}/proofs/groups/x1`)).status()).toBe(400);

    await page.goto(`/groups/${group}`);
    const panel = page.getByTestId('proof-panel');
    await expect(panel.getByTestId('proof-headline')).toContainText(
      /^Follows \(checked in your browser\) from the root this bundle carries \(height [\d,]+, hash [0-9A-F]{64}\): [\d,]+ group polic(y|ies), [\d,]+ memberships?, (1 complete member set, )?1 complete policy set, [\d,]+ complete stored-proposal sets?(, 1 proposal sequence and [\d,]+ complete treasur(y|ies)| and 1 proposal sequence), signed by validators holding \d+ % of the power/,
      { timeout: 30_000 },
    );
    await expect(panel.getByTestId('proof-completeness')).toContainText(
      new RegExp(
        `complete: (all [\\d,]+ policies|the only policy) of group ${group} in the state after block [\\d,]+, and no other`,
      ),
    );
    await panel.getByRole('button', { name: 'Show each step and fact' }).click();
    await expect(panel.getByTestId('proof-facts')).toContainText(/membership of \S+ in group \d+, weight \S+/);
    await expect(panel.getByTestId('proof-facts')).toContainText(/group policy \S+ of group \d+, version \d+, /);
  });
});

test.describe('on a plain node: no proofs', () => {
  test('a proposal page says in words that there is nothing to check, and asks for no bundle', async ({
    page,
    request,
  }) => {
    const proofRequests: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/proofs/')) proofRequests.push(sent.url());
    });
    await page.goto((await everyPage(request))['proposal (open)']);
    await expect(page.getByTestId('proof-unavailable')).toHaveText(
      'No proof to check: this endpoint has no archive, and only an archive serves proof bundles. What this page shows is what the node says.',
    );
    expect(proofRequests).toEqual([]);
  });
});
