import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { comparableProposals, readArchiveAt } from '../test/archive-at-height.ts';
import { freePort, getJson, startPolity } from '../test/polity-process.ts';
import { createDatabase, dropDatabase } from '../test/postgres-admin.ts';

// Two Polity processes: the first an archive node (it keeps every state and block of its chain)
// that lives a while; the second proxies it (--upstream, --upstream-rpc) and archives it from its
// earliest block. Once caught up, the second's archive of the first equals the first's own for
// every height both hold. With POLITY_TEST_PG_URL the second keeps its archives (its own chain's
// and the upstream's) on PostgreSQL, otherwise on PGlite.

const PG_URL = process.env.POLITY_TEST_PG_URL;

interface Status {
  phase: string;
  latest_height: string | null;
  lag: string | null;
  problem: string | null;
  last_error: string | null;
}
interface Plan {
  scheduled_by: { kind: string } | null;
  applied_height: string | null;
}
interface Upgrades {
  applied: Plan[];
  scheduled: Plan | null;
  cancelled: Plan[];
}

/** Polls `check` until it holds; fails after `timeoutMs`, saying what was last seen. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs: number, seen: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not happen in ${timeoutMs} ms: ${seen()}`);
}

describe('an archive of an upstream Polity', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
  });

  it('equals, once caught up, the upstream archive node’s own archive for every height both hold', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'polity-upstream-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));

    // Blocks every 100 ms and live proposals voting for 20 s, so votes are cast and proposals
    // decided within the test; x/gov schedules an upgrade within about 250 blocks.
    const first = await startPolity(await freePort(), [
      ...['--data-dir', join(dir, 'first'), '--seed', 'upstream-archive', '--rpc-port', 'off'],
      ...['--block-time', '100', '--live-period', '20', '--keep-recent', '1000000', '--keep-blocks', '1000000'],
    ]);
    cleanups.push(() => first.stop());
    const firstApi = `${first.base}/polity/archive/v1`;
    let upgrades: Upgrades | null = null;
    await until(
      'an upgrade scheduled through x/gov',
      async () => {
        upgrades = await getJson<Upgrades>(`${firstApi}/upgrades`);
        const plans = [...upgrades.applied, ...(upgrades.scheduled ? [upgrades.scheduled] : []), ...upgrades.cancelled];
        return plans.some((plan) => plan.scheduled_by?.kind === 'gov');
      },
      90_000,
      () => JSON.stringify(upgrades),
    );

    // The second's own chain is slow (its blocks are not what is compared), to leave the machine
    // to the archives.
    const archiveDb = PG_URL
      ? await createDatabase(PG_URL, `polity_upstream_${randomBytes(6).toString('hex')}`)
      : join(dir, 'second-archive');
    if (PG_URL) cleanups.push(() => dropDatabase(archiveDb));
    const second = await startPolity(await freePort(), [
      ...['--data-dir', join(dir, 'second'), '--rpc-port', 'off', '--block-time', '1000'],
      ...['--upstream', `first=${first.base}`, '--upstream-rpc', `first=${first.base}/rpc`],
      ...['--archive-from', 'earliest', '--archive-db', archiveDb],
    ]);
    cleanups.push(() => second.stop());
    const secondApi = `${second.base}/upstream/first/polity/archive/v1`;
    let upstream: Status | null = null;
    await until(
      "the second's archive of the first catching up",
      async () => {
        upstream = await getJson<Status>(`${secondApi}/status`);
        return upstream.phase === 'following' && upstream.lag !== null && Number(upstream.lag) <= 20;
      },
      150_000,
      () => `${JSON.stringify(upstream)}\n${second.output().slice(-2000)}`,
    );

    const statuses = [await getJson<Status>(`${firstApi}/status`), await getJson<Status>(`${secondApi}/status`)];
    const height = statuses
      .map((status) => BigInt(status.latest_height ?? '0'))
      .reduce((lower, next) => (next < lower ? next : lower));
    const groups = await getJson<{ groups: { id: string }[] }>(
      `${first.base}/cosmos/group/v1/groups?pagination.limit=100000`,
    );
    const groupIds = groups.groups.map((group) => group.id);
    const mine = await readArchiveAt(firstApi, height, groupIds);
    const theirs = await readArchiveAt(secondApi, height, groupIds);

    expect(theirs.status).toEqual(mine.status);
    const [myProposals, theirProposals] = comparableProposals(mine, theirs, height);
    expect([...theirProposals.keys()]).toEqual([...myProposals.keys()]);
    for (const [id, proposal] of myProposals) expect(theirProposals.get(id), `proposal ${id}`).toEqual(proposal);
    for (const [id, events] of mine.groups) expect(theirs.groups.get(id), `group ${id}`).toEqual(events);
    expect(theirs.plans).toEqual(mine.plans);
    expect(theirs.moduleVersionChanges).toEqual(mine.moduleVersionChanges);

    // What was compared holds live history: votes cast, proposals decided, upgrades through x/gov.
    const begun = BigInt(String(mine.status.earliest_height));
    const live = [...mine.proposals.values()];
    expect(live.flatMap((entry) => entry.votes).some((vote) => BigInt(String(vote.observed_height)) > begun)).toBe(
      true,
    );
    const decided = live.flatMap((entry) => entry.timeline).filter((entry) => entry.kind === 'status');
    expect(decided.length).toBeGreaterThan(0);
    expect(mine.plans.some((plan) => (plan.scheduled_by as { kind: string } | null)?.kind === 'gov')).toBe(true);
    expect(mine.plans.some((plan) => plan.applied_height !== null)).toBe(true);
  }, 240_000);
});
