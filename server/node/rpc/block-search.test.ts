import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from '../../test/harness.ts';
import { withdrawMsg } from '../sim/activity/tx-messages.ts';

// /block_search over the node's finalize-block events, checked against a plain scan of
// /block_results: the kv indexer's answer, in CometBFT 0.38's shape, order and paging.

interface Event {
  type: string;
  attributes: { key: string; value: string }[];
}
interface SearchResult {
  blocks: { block_id: unknown; block: { header: { height: string } } }[];
  total_count: string;
}

let h: Harness;
let base: bigint;
const events = new Map<bigint, Event[]>();

beforeAll(async () => {
  h = await startHarness({ seed: 'block-search', livePeriodS: 30 });
  h.node.advance(50, 5000);
  // A withdrawn group proposal is pruned by x/group's end-blocker at its voting end.
  const open = h.node.group.store.proposals
    .values()
    .filter((proposal) => proposal.status === 'PROPOSAL_STATUS_SUBMITTED' && proposal.votingPeriodEnd > h.node.time)
    .sort((a, b) => a.votingPeriodEnd - b.votingPeriodEnd)[0];
  h.node.inject(withdrawMsg(open.id, open.proposers[0]));
  h.node.advance(350, 5000);
  base = h.node.blocks.base!;
  for (let height = base; height <= h.node.height; height++) {
    const results = (await h.get(`/rpc/block_results?height=${height}`)).json as {
      result: { finalize_block_events: Event[] };
    };
    events.set(height, results.result.finalize_block_events);
  }
}, 60_000);
afterAll(() => h.close());

const has = (height: bigint, test: (event: Event) => boolean) => (events.get(height) ?? []).some(test);
const value = (event: Event, key: string) => event.attributes.find((entry) => entry.key === key)?.value;
/** Heights whose finalize-block events pass `test`, newest first (block_search's default order). */
const scan = (test: (event: Event) => boolean) =>
  [...events.keys()]
    .filter((height) => has(height, test))
    .map(String)
    .reverse();

async function search(query: string, extra = ''): Promise<SearchResult> {
  const answer = await h.get(`/rpc/block_search?query=${encodeURIComponent(`"${query}"`)}&per_page=100${extra}`);
  expect(answer.status, query).toBe(200);
  return (answer.json as { result: SearchResult }).result;
}
const heights = (result: SearchResult) => result.blocks.map((entry) => entry.block.header.height);

async function rpcError(path: string): Promise<{ code: number; message: string; data: string }> {
  const answer = await h.get(path);
  expect(answer.status).toBe(500);
  return (answer.json as { error: { code: number; message: string; data: string } }).error;
}

describe('block_search', () => {
  it('finds exactly the blocks whose end-blocker passed a gov proposal, newest first', async () => {
    const passed = scan(
      (event) => event.type === 'active_proposal' && value(event, 'proposal_result') === 'proposal_passed',
    );
    expect(passed.length).toBeGreaterThanOrEqual(5);
    const found = await search("active_proposal.proposal_result='proposal_passed'");
    expect(heights(found)).toEqual(passed);
    expect(found.total_count).toBe(String(passed.length));
    // Each hit is the block as /block answers it.
    const block = (await h.get(`/rpc/block?height=${passed[0]}`)).json as { result: unknown };
    expect(found.blocks[0]).toEqual(block.result);
    const ascending = await search("active_proposal.proposal_result='proposal_passed'", '&order_by="asc"');
    expect(heights(ascending)).toEqual([...passed].reverse());
  });

  it('matches x/group end-blocker events and block.height conditions as the kv indexer does', async () => {
    const pruned = scan((event) => event.type === 'cosmos.group.v1.EventProposalPruned');
    expect(pruned.length).toBeGreaterThan(0);
    expect(heights(await search('cosmos.group.v1.EventProposalPruned.proposal_id EXISTS'))).toEqual(pruned);

    const [high, low] = [h.node.height - 100n, h.node.height - 300n];
    const window = scan((event) => event.type === 'active_proposal').filter(
      (height) => BigInt(height) >= low && BigInt(height) < high,
    );
    expect(window.length).toBeGreaterThan(0);
    const ranged = await search(
      `block.height >= ${low} AND block.height < ${high} AND active_proposal.proposal_id EXISTS`,
    );
    expect(heights(ranged)).toEqual(window);
    expect(heights(await search(`block.height = ${low}`))).toEqual([String(low)]);
    // A range on block.height makes the indexer drop `block.height =`.
    expect((await search(`block.height = ${low} AND block.height > ${h.node.height - 3n}`)).total_count).toBe('3');
  });

  it('requires every event condition to hold in one and the same event', async () => {
    const [first] = scan((event) => event.type === 'active_proposal');
    const id = value(
      events.get(BigInt(first))!.find((event) => event.type === 'active_proposal')!,
      'proposal_id',
    );
    expect(
      heights(await search(`active_proposal.proposal_id = ${id} AND active_proposal.proposal_log = 'passed'`)),
    ).toEqual([first]);
    // Both keys exist in the same blocks, but never in the same event: nothing matches.
    const apart = await search('active_proposal.proposal_id EXISTS AND coin_spent.spender EXISTS');
    expect(apart).toEqual({ blocks: [], total_count: '0' });
  });

  it('pages as CometBFT pages: 30 by default, at most 100, page within range', async () => {
    const all = heights(await search('block.height > 0'));
    expect(all).toHaveLength(100);
    const query = encodeURIComponent('"block.height > 0"');
    const second = (await h.get(`/rpc/block_search?query=${query}&page=2`)).json as { result: SearchResult };
    expect(heights(second.result)).toHaveLength(30);
    expect(heights(second.result)[0]).toBe(String(h.node.height - 30n));
    expect(second.result.total_count).toBe(String(events.size));
    const zero = (await h.get(`/rpc/block_search?query=${query}&per_page=0`)).json as { result: SearchResult };
    expect(heights(zero.result)).toHaveLength(30);
    const pages = Math.ceil(events.size / 30);
    expect(await rpcError(`/rpc/block_search?query=${query}&page=${pages + 1}`)).toEqual({
      code: -32603,
      message: 'Internal error',
      data: `page should be within [1, ${pages}] range, given ${pages + 1}`,
    });
  });

  it('answers bad queries with JSON-RPC errors', async () => {
    const bad = async (query: string) =>
      (await rpcError(`/rpc/block_search?query=${encodeURIComponent(`"${query}"`)}`)).data;
    expect(await bad('')).toBe('offset 0: EOF');
    expect(await bad('active_proposal.proposal_result')).toBe('offset 31: EOF');
    expect(await bad("active_proposal.proposal_result='x' OR a.b EXISTS")).toBe(
      'offset 36: got tag, want AND operator',
    );
    expect(await bad(`a.b EXISTS${' '.repeat(600)}`)).toBe('maximum query length exceeded');
    expect(await rpcError(`/rpc/block_search?query="a.b EXISTS"&order_by="sideways"`)).toMatchObject({
      code: -32603,
      data: 'expected order_by to be either `asc` or `desc` or empty',
    });
    const post = await fetch(`${h.base}/rpc`, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 'q', method: 'block_search', params: { query: 'a.b ~ 1' } }),
    });
    expect(await post.json()).toEqual({
      jsonrpc: '2.0',
      id: 'q',
      error: { code: -32603, message: 'Internal error', data: 'offset 4: invalid input ~ at offset 5' },
    });
  });

  it('knows no method by an inherited name: toString, __proto__, constructor are JSON-RPC errors', async () => {
    for (const method of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf']) {
      expect(await rpcError(`/rpc/${method}`), method).toEqual({ code: -32601, message: 'Method not found', data: '' });
      const post = await fetch(`${h.base}/rpc`, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: {} }),
      });
      expect(post.status).toBe(500);
      expect(await post.json()).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32601, message: 'Method not found', data: '' },
      });
    }
  });
});

describe('searches on a living node', () => {
  it('find the blocks made after an earlier search, and none the node has dropped since', async () => {
    const living = await startHarness({ seed: 'block-search-living', livePeriodS: 30, keepBlocks: 400 });
    const activeProposal = 'active_proposal';
    try {
      /** Every page of a search, as heights (a height once, ascending). */
      const searched = async (method: 'block_search' | 'tx_search', text: string) => {
        const found = new Set<string>();
        for (let page = 1; ; page++) {
          const query = encodeURIComponent(`"${text}"`);
          const answer = (await living.get(`/rpc/${method}?query=${query}&per_page=100&page=${page}&order_by="asc"`))
            .json as { result: { blocks?: SearchResult['blocks']; txs?: { height: string }[]; total_count: string } };
          const hits = answer.result.blocks?.map((entry) => entry.block.header.height) ?? [];
          for (const height of [...hits, ...(answer.result.txs ?? []).map((tx) => tx.height)]) found.add(height);
          if (page * 100 >= Number(answer.result.total_count)) return [...found];
        }
      };
      const search = async () => ({
        finalize: await searched('block_search', `${activeProposal}.proposal_id EXISTS`),
        tx: await searched('tx_search', 'cosmos.group.v1.EventVote.proposal_id EXISTS'),
      });
      /** What a plain look at every kept block's results finds. */
      const scanKept = async () => {
        const [finalize, tx] = [[] as string[], [] as string[]];
        for (let height = living.node.blocks.base!; height <= living.node.height; height++) {
          const results = (await living.get(`/rpc/block_results?height=${height}`)).json as {
            result: { finalize_block_events: Event[]; txs_results: { events: Event[] }[] | null };
          };
          const { finalize_block_events: blockEvents, txs_results: txResults } = results.result;
          if (blockEvents.some((event) => event.type === activeProposal)) finalize.push(String(height));
          const isVote = (event: Event) => event.type === 'cosmos.group.v1.EventVote';
          if ((txResults ?? []).some((result) => result.events.some(isVote))) tx.push(String(height));
        }
        return { finalize, tx };
      };
      living.node.advance(400, 5000);
      const before = await search();
      expect(before).toEqual(await scanKept());
      living.node.advance(250, 5000);
      // Searches for tags no block carries find nothing, and push the real tags out of the
      // node's index (it keeps a bounded number): those are looked up anew, with the same answers.
      for (let made = 0; made < 70; made++) {
        expect(await searched('block_search', `made.up${made} EXISTS`)).toEqual([]);
        expect(await searched('tx_search', `made.up${made} EXISTS`)).toEqual([]);
      }
      const after = await search();
      const kept = await scanKept();
      expect(after).toEqual(kept);
      // Blocks were both added and dropped between the two searches, with hits on both sides.
      for (const kind of ['finalize', 'tx'] as const) {
        expect(before[kind].length, kind).toBeGreaterThan(0);
        expect(BigInt(kept[kind][0]), kind).toBeGreaterThan(BigInt(before[kind][0]));
        expect(BigInt(kept[kind].at(-1)!), kind).toBeGreaterThan(BigInt(before[kind].at(-1)!));
      }
    } finally {
      await living.close();
    }
  });
});
