import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from '../../test/harness.ts';

// A group policy's treasury as x/bank's REST answers it, pinned to a height: what each proposal's
// execution spent shows as the difference between the block before it and the block itself.

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ livePeriodS: 40, keepRecent: 400, seed: 'treasury' });
  h.node.advance(400, 3000);
});
afterAll(() => h.close());

const balances = async (address: string, height?: bigint) => {
  const response = await fetch(`${h.base}/cosmos/bank/v1beta1/balances/${address}`, {
    headers: height === undefined ? {} : { 'x-cosmos-block-height': String(height) },
  });
  expect(response.status).toBe(200);
  if (height !== undefined) expect(response.headers.get('x-cosmos-block-height')).toBe(String(height));
  return (await response.json()) as { balances: { denom: string; amount: string }[]; pagination: unknown };
};
const stakeOf = (answer: Awaited<ReturnType<typeof balances>>) =>
  BigInt(answer.balances.find((coin) => coin.denom === 'stake')?.amount ?? '0');

describe("a group policy's balance", () => {
  it('is what its executions spent, block by block, at every kept height', async () => {
    const spends: { height: bigint; from: string; amount: bigint }[] = [];
    for (let height = h.node.height - 398n; height <= h.node.height; height++) {
      for (const result of h.node.blocks.get(height)?.txResults ?? []) {
        if (result.code !== 0) continue;
        for (const event of result.events.filter((entry) => entry.type === 'transfer')) {
          const value = (key: string) => event.attributes.find((attribute) => attribute.key === key)?.value ?? '';
          // Policies' spends (x/gov's deposits move other accounts' coins).
          if (h.node.group.store.policyOf(value('sender')))
            spends.push({ height, from: value('sender'), amount: BigInt(value('amount').replace(/stake$/, '')) });
        }
      }
    }
    expect(spends.length, 'proposals that sent from their policy in 400 blocks').toBeGreaterThan(0);
    for (const spend of spends.slice(0, 5)) {
      const before = stakeOf(await balances(spend.from, spend.height - 1n));
      const after = stakeOf(await balances(spend.from, spend.height));
      const sentThere = spends
        .filter((other) => other.height === spend.height && other.from === spend.from)
        .reduce((sum, other) => sum + other.amount, 0n);
      expect(before - after).toBe(sentThere);
    }
  });

  it('answers as x/bank does: the bond denom with the count, and none for an account holding nothing', async () => {
    const treasury = h.node.cast.policies.coreTreasury;
    const answer = await balances(treasury);
    expect(answer.balances).toEqual([{ denom: 'stake', amount: expect.stringMatching(/^\d+$/) }]);
    expect(answer.pagination).toEqual({ next_key: null, total: '1' });
    const someone = h.node.cast.people.alice;
    expect(await balances(someone)).toEqual({ balances: [], pagination: { next_key: null, total: '0' } });
    const bad = await fetch(`${h.base}/cosmos/bank/v1beta1/balances/not-an-address`);
    expect(bad.status).toBe(400);
  });
});

describe('denom metadata', () => {
  it('is none on a fresh chain, as simd answers it: amounts stay in base units', async () => {
    const response = await fetch(`${h.base}/cosmos/bank/v1beta1/denoms_metadata`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"metadatas":[],"pagination":{"next_key":null,"total":"0"}}');
  });
});
