import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { G, startHarness, type Harness } from '../../test/harness.ts';
import { wireRequests } from '../../test/wire-requests.ts';
import type { BlockRecord } from '../chain/block.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ livePeriodS: 40, keepRecent: 200 });
  h.node.advance(250, 3000);
});
afterAll(() => h.close());

const at = (height: bigint | string, spelling = 'x-cosmos-block-height') => ({
  headers: { [spelling]: String(height) },
});

/** Every block whose state and parent's state are still kept, oldest first. */
function keptBlocks(): BlockRecord[] {
  const blocks: BlockRecord[] = [];
  for (let height = h.node.height - 198n; height <= h.node.height; height++) {
    const block = h.node.blocks.get(height);
    if (block) blocks.push(block);
  }
  return blocks;
}

const eventsOf = (block: BlockRecord) => [
  ...block.txResults.filter((result) => result.code === 0).flatMap((result) => result.events),
  ...block.finalizeEvents,
];
const attributeOf = (event: { attributes: readonly { key: string; value: string }[] }, key: string) =>
  event.attributes.find((attribute) => attribute.key === key)?.value;

describe('reads pinned to a height', () => {
  it('answer every endpoint exactly as it answered when that height was the latest', async () => {
    const fresh = await startHarness({ livePeriodS: 40, keepRecent: 50, seed: 'pinned' });
    try {
      fresh.node.advance(20, 3000);
      const height = fresh.node.height;
      const requests = wireRequests(fresh).filter((request) => request.height === undefined);
      const then = await Promise.all(requests.map((request) => fresh.get(request.path)));
      fresh.node.advance(30, 3000);
      const now = await Promise.all(requests.map((request) => fresh.get(request.path, at(height))));
      let changedSince = 0;
      for (let i = 0; i < requests.length; i++) {
        expect({ path: requests[i].path, status: now[i].status, body: now[i].text }).toEqual({
          path: requests[i].path,
          status: then[i].status,
          body: then[i].text,
        });
        if (now[i].status === 200)
          expect(now[i].headers.get('grpc-metadata-x-cosmos-block-height')).toBe(String(height));
        const latest = await fresh.get(requests[i].path);
        if (latest.text !== then[i].text) changedSince++;
      }
      // The chain did move on: the pinned answers are not just the latest ones.
      expect(changedSince).toBeGreaterThan(10);
    } finally {
      await fresh.close();
    }
  }, 120_000);

  it('a vote cast at H is absent at H−1 and present at H, with either header spelling', async () => {
    const block = keptBlocks().find((candidate) =>
      eventsOf(candidate).some((event) => event.type === 'cosmos.group.v1.EventVote'),
    );
    expect(block).toBeDefined();
    const result = block!.txResults.find((txResult) =>
      txResult.events.some((event) => event.type === 'cosmos.group.v1.EventVote'),
    )!;
    const message = result.events.find((event) => event.type === 'message')!;
    const voter = attributeOf(message, 'sender')!;
    const vote = result.events.find((event) => event.type === 'cosmos.group.v1.EventVote')!;
    const proposalId = JSON.parse(attributeOf(vote, 'proposal_id')!) as string;
    const path = `${G}/vote_by_proposal_voter/${proposalId}/${voter}`;
    expect((await h.get(path, at(block!.height - 1n))).status).toBe(500);
    const present = await h.get(path, at(block!.height, 'grpc-metadata-x-cosmos-block-height'));
    expect(present.status).toBe(200);
    expect(present.headers.get('grpc-metadata-x-cosmos-block-height')).toBe(String(block!.height));
  });

  it('a proposal pruned at H is present at H−1 and gone at H', async () => {
    const block = keptBlocks().find((candidate) =>
      eventsOf(candidate).some((event) => event.type === 'cosmos.group.v1.EventProposalPruned'),
    );
    expect(block).toBeDefined();
    const pruned = eventsOf(block!).find((event) => event.type === 'cosmos.group.v1.EventProposalPruned')!;
    const proposalId = JSON.parse(attributeOf(pruned, 'proposal_id')!) as string;
    expect((await h.get(`${G}/proposal/${proposalId}`, at(block!.height - 1n))).status).toBe(200);
    const gone = await h.get(`${G}/proposal/${proposalId}`, at(block!.height));
    expect(gone.json).toEqual({ code: 2, message: 'codespace sdk code 38: not found: load proposal', details: [] });
  });

  it('refuses heights outside the window as a pruned node does', async () => {
    const oldest = h.node.height - 199n;
    expect((await h.get(`${G}/group_info/1`, at(oldest))).status).toBe(200);
    const below = await h.get(`${G}/group_info/1`, at(oldest - 1n));
    expect(below.json).toEqual({
      code: 2,
      message:
        `codespace sdk code 18: invalid request: failed to load state at height ${oldest - 1n}; ` +
        `version does not exist (latest height: ${h.node.height})`,
      details: [],
    });
    const future = await h.get(`${G}/group_info/1`, at(h.node.height + 1n));
    expect(future.status).toBe(500);
    expect((future.json as { message: string }).message).toContain('cannot query with height in the future');
  });
});
