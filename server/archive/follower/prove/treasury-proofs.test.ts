import { fromBase64, toBase64 } from '@cosmjs/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ProofBundle } from '../../../../verify/bundle-format.ts';
import { verifyBundle } from '../../../../verify/bundle-verify.ts';
import { archivedUpTo, followNode, type TestArchive } from '../../../test/archive-harness.ts';
import { chainClock } from '../../../test/chain-clock.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { handleArchive } from '../../api/archive-http.ts';

// What a policy holds, proven: the archive walks each policy's balances in x/bank's store, denom
// by denom, and a group's bundle carries every one of its policies' treasuries, complete. The
// amounts are the node's own, at the height proven; a balance changed in the bundle is refused.

const SIXTY_DAYS = 60n * 86_400n;

describe('treasuries proven from the bank store', () => {
  let h: Harness;
  let archive: TestArchive;

  beforeAll(async () => {
    h = await startHarness({ seed: 'treasury-proofs', livePeriodS: 30, keepRecent: 3000 });
    archive = await followNode(h.base, ':memory:', undefined, {
      trust: { kind: 'genesis' },
      proofClock: chainClock(h.node),
    });
    h.node.advance(10, 3000);
    await archivedUpTo(archive, h.node.height);
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const [row] = await archive.db.query<{ count: string }>(
        "SELECT count(*)::text AS count FROM fact_proofs WHERE verified AND subject = 'balance-range'",
      );
      if (Number(row.count) >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 300_000);

  afterAll(async () => {
    await archive?.close();
    await h?.close();
  });

  /** The group bundle of the group whose policies hold funds, as the archive serves it. */
  async function fundedGroupBundle(): Promise<ProofBundle> {
    const groups = await archive.db.query<{ id: string }>(
      'SELECT DISTINCT group_id::text AS id FROM policies ORDER BY 1',
    );
    for (const { id } of groups) {
      const answer = await handleArchive(archive, 'GET', `proofs/groups/${id}`, '');
      const bundle = JSON.parse(answer.body) as ProofBundle;
      const report = verifyBundle(structuredClone(bundle), {
        atNanos: chainClock(h.node).now(),
        trustingPeriodSeconds: SIXTY_DAYS,
      });
      if (report.facts.some((fact) => fact.proven?.kind === 'balance-set' && fact.proven.count !== '0')) return bundle;
    }
    throw new Error('no group whose policies hold funds');
  }

  it('proves every balance of each policy, equal to what the node’s bank query says at that height', async () => {
    const bundle = await fundedGroupBundle();
    const options = { atNanos: chainClock(h.node).now(), trustingPeriodSeconds: SIXTY_DAYS };
    const report = verifyBundle(structuredClone(bundle), options);
    expect(report.ok).toBe(true);
    const treasuries = report.facts.filter((fact) => fact.proven?.kind === 'balance-set');
    expect(treasuries.length).toBeGreaterThan(0);
    for (const fact of treasuries) {
      const address = fact.proven!.address;
      const answer = await fetch(`${h.base}/cosmos/bank/v1beta1/balances/${address}`, {
        headers: { 'x-cosmos-block-height': fact.height },
      });
      const { balances } = (await answer.json()) as { balances: { denom: string; amount: string }[] };
      expect(fact.proven!.balances).toBe(balances.map((coin) => `${coin.amount} ${coin.denom}`).join(', '));
    }
    for (const fact of treasuries)
      expect(fact.how).toMatch(/^complete: every key under its prefix in the bank store after block \d+/);
  });

  it('refuses a bundle whose balance was changed', async () => {
    const bundle = await fundedGroupBundle();
    const report = verifyBundle(structuredClone(bundle), {
      atNanos: chainClock(h.node).now(),
      trustingPeriodSeconds: SIXTY_DAYS,
    });
    const index = report.facts.findIndex((fact) => fact.proven?.kind === 'balance-set' && fact.proven.count !== '0');
    const amount = report.facts[index].proven!.balances.split(' ')[0];
    const fact = bundle.facts[index];
    if (fact.kind !== 'range' || !('neighbours' in fact)) throw new Error('not a walk by its neighbours');
    const neighbours = fact.neighbours as (string | null)[];
    const changedAt = neighbours.findIndex(
      (proof) => proof !== null && Buffer.from(fromBase64(proof)).includes(amount),
    );
    const bytes = Buffer.from(fromBase64(neighbours[changedAt]!));
    const at = bytes.indexOf(amount);
    bytes[at] = bytes[at] === 0x31 ? 0x32 : 0x31;
    neighbours[changedAt] = toBase64(bytes);
    const changed = verifyBundle(bundle, { atNanos: chainClock(h.node).now(), trustingPeriodSeconds: SIXTY_DAYS });
    expect(changed.ok).toBe(false);
    expect(changed.facts[index].ok).toBe(false);
    // The changed amount no longer hashes to the tree's root: the walk's step there does not hold.
    expect(changed.facts[index].code).toBe('range-incomplete');
  });
});
