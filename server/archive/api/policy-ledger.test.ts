import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { archivedUpTo, DATABASE_KINDS, followNode, type TestArchive } from '../../test/archive-harness.ts';
import { startHarness, type Harness } from '../../test/harness.ts';
import { handleArchive } from './archive-http.ts';

// A group policy's ledger, from the blocks' transfer events: on the embedded chain, at every
// height with a transfer, it moves the policy's balance exactly as x/bank says it moved.

interface Transfer {
  height: string;
  direction: 'in' | 'out';
  counterparty: string;
  amount: string;
  proposal_id: string | null;
  tx_hash: string | null;
}

describe.each(DATABASE_KINDS)("a policy's ledger, on $kind", (kind) => {
  let h: Harness;
  let archive: TestArchive;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    h = await startHarness({ livePeriodS: 40, keepRecent: 800, seed: 'treasury' });
    h.node.advance(400, 3000);
    const created = await kind.create();
    drop = created.drop;
    archive = await followNode(h.base, created.database, undefined, { sparseAbove: 50n });
    await archivedUpTo(archive, h.node.height, 120_000);
  }, 180_000);
  afterAll(async () => {
    await archive?.close();
    await drop?.();
    await h?.close();
  });

  const ledger = async (address: string, query = '') => {
    const answer = await handleArchive(archive, 'GET', `policies/${address}/ledger`, query);
    return { status: answer.status, body: JSON.parse(answer.body) as { transfers: Transfer[]; pagination: unknown } };
  };
  const balance = async (address: string, height: bigint) => {
    const response = await fetch(`${h.base}/cosmos/bank/v1beta1/balances/${address}`, {
      headers: { 'x-cosmos-block-height': String(height) },
    });
    const { balances } = (await response.json()) as { balances: { denom: string; amount: string }[] };
    return BigInt(balances.find((coin) => coin.denom === 'stake')?.amount ?? '0');
  };

  it('moves the balance as x/bank does at every height with a transfer, each linked to its proposal', async () => {
    const policy = h.node.cast.policies.coreQuick;
    const { status, body } = await ledger(policy, 'pagination.limit=1000');
    expect(status).toBe(200);
    expect(body.transfers.length).toBeGreaterThan(1);
    const heights = [...new Set(body.transfers.map((transfer) => transfer.height))];
    for (const height of heights) {
      const moved = body.transfers
        .filter((transfer) => transfer.height === height)
        .reduce((sum, transfer) => {
          const amount = BigInt(transfer.amount.replace(/stake$/, ''));
          return transfer.direction === 'out' ? sum - amount : sum + amount;
        }, 0n);
      expect(await balance(policy, BigInt(height)), `height ${height}`).toBe(
        (await balance(policy, BigInt(height) - 1n)) + moved,
      );
    }
    for (const transfer of body.transfers.filter((entry) => entry.direction === 'out')) {
      expect(transfer.proposal_id).toMatch(/^\d+$/);
      expect(transfer.tx_hash).toMatch(/^[0-9A-F]{64}$/);
      const proposal = JSON.parse(
        (await handleArchive(archive, 'GET', `proposals/${transfer.proposal_id}`, '')).body,
      ) as {
        proposal: { group_policy_address: string };
      };
      expect(proposal.proposal.group_policy_address).toBe(policy);
    }
    // Newest first, a page at a time.
    const newest = await ledger(policy, 'order=desc&pagination.limit=1');
    expect(newest.body.transfers).toEqual([body.transfers.at(-1)]);
  });

  it('says a policy it does not know is not in the archive, and a bad address is a bad request', async () => {
    expect((await ledger(h.node.cast.people.alice)).status).toBe(404);
    expect((await ledger('not-an-address')).status).toBe(400);
  });
});
