import { Comet38Client } from '@cosmjs/tendermint-rpc';
import { MsgExec, MsgSubmitProposal, MsgVote } from 'cosmjs-types/cosmos/group/v1/tx';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from '../../test/harness.ts';
import { voteMsg } from '../sim/activity/tx-messages.ts';
import { BlockBuilder } from '../sim/block-builder.ts';

let h: Harness;
let client: Comet38Client;
beforeAll(async () => {
  h = await startHarness({ livePeriodS: 30, keepBlocks: 200 });
  h.node.advance(300, 2000);
  client = await Comet38Client.connect(`${h.base}/rpc`);
});
afterAll(async () => {
  client.disconnect();
  await h.close();
});

const decoder = new TextDecoder();
const attribute = (event: { attributes: readonly { key: string; value: string }[] }, key: string) =>
  event.attributes.find((entry) => entry.key === key)?.value;

describe('CometBFT RPC', () => {
  it('serves JSON-RPC envelopes with CometBFT field names and string integers', async () => {
    const status = (await h.get('/rpc/status')).json as {
      jsonrpc: string;
      id: number;
      result: { sync_info: Record<string, unknown>; node_info: { network: string } };
    };
    expect(status.jsonrpc).toBe('2.0');
    expect(status.id).toBe(-1);
    expect(status.result.node_info.network).toBe('polity-test-seed');
    expect(status.result.sync_info.latest_block_height).toBe(String(h.node.height));
    expect(status.result.sync_info.earliest_block_height).toBe(String(h.node.blocks.base));
    expect(status.result.sync_info.latest_block_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);

    const height = h.node.height - 3n;
    const block = (await h.get(`/rpc/block?height=${height}`)).json as {
      result: { block: { header: Record<string, unknown>; data: { txs: string[] }; last_commit: { round: number } } };
    };
    expect(Object.keys(block.result.block.header)).toEqual([
      'version',
      'chain_id',
      'height',
      'time',
      'last_block_id',
      'last_commit_hash',
      'data_hash',
      'validators_hash',
      'next_validators_hash',
      'consensus_hash',
      'app_hash',
      'last_results_hash',
      'evidence_hash',
      'proposer_address',
    ]);
    expect(block.result.block.header.height).toBe(String(height));
    expect(block.result.block.last_commit.round).toBe(0);

    const results = (await h.get(`/rpc/block_results?height="${height}"`)).json as { result: Record<string, unknown> };
    expect(Object.keys(results.result)).toEqual([
      'height',
      'txs_results',
      'finalize_block_events',
      'validator_updates',
      'consensus_param_updates',
      'app_hash',
    ]);

    const chain = (await h.get(`/rpc/blockchain?minHeight=${height - 30n}&maxHeight=${height}`)).json as {
      result: { last_height: string; block_metas: { header: { height: string }; num_txs: string }[] };
    };
    expect(chain.result.last_height).toBe(String(h.node.height));
    expect(chain.result.block_metas.map((meta) => meta.header.height)).toEqual(
      Array.from({ length: 20 }, (_, i) => String(height - BigInt(i))),
    );
  });

  it('answers a JSON-RPC batch with one answer per request, in order, errors included', async () => {
    const height = h.node.height - 2n;
    const post = async (body: unknown) => {
      const response = await fetch(`${h.base}/rpc`, { method: 'POST', body: JSON.stringify(body) });
      return { status: response.status, json: (await response.json()) as unknown };
    };
    const batch = await post([
      { jsonrpc: '2.0', id: 7, method: 'block', params: { height: String(height) } },
      { jsonrpc: '2.0', id: 'results', method: 'block_results', params: { height: String(height) } },
      { jsonrpc: '2.0', id: 9, method: 'no_such_method', params: {} },
    ]);
    expect(batch.status).toBe(200);
    const answers = batch.json as {
      id: unknown;
      result?: { block?: { header: { height: string } }; height?: string };
      error?: { code: number };
    }[];
    expect(answers.map((answer) => answer.id)).toEqual([7, 'results', 9]);
    expect(answers[0].result?.block?.header.height).toBe(String(height));
    expect(answers[1].result?.height).toBe(String(height));
    expect(answers[2].error?.code).toBe(-32601);
    const empty = await post([]);
    expect(empty.json).toMatchObject({ error: { code: -32600 } });
  });

  it('every transaction decodes with the library and matches its events', async () => {
    const status = await client.status();
    const latest = status.syncInfo.latestBlockHeight;
    let checked = 0;
    for (let height = latest - 150; height <= latest; height++) {
      const block = await client.block(height);
      const results = await client.blockResults(height);
      expect(results.results).toHaveLength(block.block.txs.length);
      block.block.txs.forEach((tx, index) => {
        const raw = TxRaw.decode(tx);
        expect(raw.signatures).toEqual([]);
        const body = TxBody.decode(raw.bodyBytes);
        expect(body.messages).toHaveLength(1);
        const any = body.messages[0];
        const result = results.results[index];
        expect(result.code).toBe(0);
        const message = result.events.find((event) => event.type === 'message')!;
        expect(attribute(message, 'action')).toBe(any.typeUrl);
        const typed = (name: string) => result.events.find((event) => event.type === `cosmos.group.v1.${name}`);
        if (any.typeUrl === '/cosmos.group.v1.MsgVote') {
          const vote = MsgVote.decode(any.value);
          expect(attribute(message, 'sender')).toBe(vote.voter);
          expect(attribute(typed('EventVote')!, 'proposal_id')).toBe(`"${vote.proposalId}"`);
        }
        if (any.typeUrl === '/cosmos.group.v1.MsgSubmitProposal') {
          const submit = MsgSubmitProposal.decode(any.value);
          expect(attribute(message, 'sender')).toBe(submit.proposers[0]);
          expect(typed('EventSubmitProposal')).toBeDefined();
        }
        if (any.typeUrl === '/cosmos.group.v1.MsgExec') {
          const exec = MsgExec.decode(any.value);
          expect(attribute(typed('EventExec')!, 'proposal_id')).toBe(`"${exec.proposalId}"`);
        }
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('a refused message is a failed transaction with its code and log, and changes nothing', () => {
    const node = h.node;
    const builder = new BlockBuilder(node, node.chainId, 'cometbft');
    const open = node.group.store.proposals
      .values()
      .find((proposal) => proposal.status === 'PROPOSAL_STATUS_SUBMITTED')!;
    const before = node.group.store.votesOf(open.id).size;
    const stranger = node.accounts.account('stranger');
    builder.deliver(voteMsg(open.id, stranger, 'VOTE_OPTION_YES'));
    const block = builder.finish(node.height + 1n, node.time + 1, '');
    expect(block.txResults[0]).toMatchObject({ code: 6, codespace: 'group' });
    expect(block.txResults[0].log).toBe('failed to execute message; message index: 0: voter: not found');
    expect(block.txResults[0].events.map((event) => event.type)).toEqual(['tx']);
    expect(node.group.store.votesOf(open.id).size).toBe(before);
  });

  it('an executed proposal is pruned in the same transaction, with its tally', async () => {
    const found = await client.txSearch({ query: "message.action='/cosmos.group.v1.MsgExec'", per_page: 100 });
    const pruning = found.txs.find((tx) =>
      tx.result.events.some((event) => event.type === 'cosmos.group.v1.EventProposalPruned'),
    );
    expect(pruning).toBeDefined();
    const events = pruning!.result.events;
    const pruned = events.find((event) => event.type === 'cosmos.group.v1.EventProposalPruned')!;
    expect(attribute(pruned, 'status')).toBe('"PROPOSAL_STATUS_ACCEPTED"');
    expect(JSON.parse(attribute(pruned, 'tally_result')!)).toHaveProperty('yes_count');
    const exec = events.find((event) => event.type === 'cosmos.group.v1.EventExec')!;
    expect(attribute(exec, 'result')).toBe('"PROPOSAL_EXECUTOR_RESULT_SUCCESS"');
    // Pruned before the exec event, as the SDK's Exec handler emits them.
    expect(events.indexOf(pruned)).toBeLessThan(events.indexOf(exec));
    expect(found.totalCount).toBe(found.txs.length);
  });

  it('tx_search finds the votes of a proposal, paged as CometBFT pages', async () => {
    const votes = await client.txSearchAll({ query: "message.action='/cosmos.group.v1.MsgVote'" });
    expect(votes.totalCount).toBeGreaterThan(3);
    const byProposal = new Map<string, number>();
    for (const tx of votes.txs) {
      if (tx.result.code !== 0) continue;
      const vote = tx.result.events.find((event) => event.type === 'cosmos.group.v1.EventVote')!;
      const id = attribute(vote, 'proposal_id')!;
      byProposal.set(id, (byProposal.get(id) ?? 0) + 1);
    }
    const [proposal, count] = [...byProposal].sort((a, b) => b[1] - a[1])[0];
    const query = `cosmos.group.v1.EventVote.proposal_id='${proposal}'`;
    const first = await client.txSearch({ query, per_page: 1, page: 1 });
    expect(first.totalCount).toBe(count);
    expect(first.txs).toHaveLength(1);
    const all = await client.txSearchAll({ query });
    expect(all.txs.map((tx) => decoder.decode(tx.hash).length)).toHaveLength(count);
    const height = first.txs[0].height;
    const atHeight = await client.txSearch({ query: `tx.height=${height}` });
    expect(atHeight.txs.every((tx) => tx.height === height)).toBe(true);
    const beyond = await h.get(`/rpc/tx_search?query="${query}"&per_page=1&page=${count + 1}`);
    expect(beyond.status).toBe(500);
    expect(beyond.json).toMatchObject({
      // Every error a method returns is an Internal error on CometBFT 0.38 (http_json_handler).
      error: { code: -32603, data: `page should be within [1, ${count}] range, given ${count + 1}` },
    });
  });

  it('refuses heights beyond the tip and below the kept blocks', async () => {
    const ahead = await h.get(`/rpc/block?height=${h.node.height + 1n}`);
    expect(ahead.status).toBe(500);
    expect(ahead.json).toMatchObject({ error: { code: -32603, message: 'Internal error' } });
    const base = h.node.blocks.base!;
    expect(base).toBe(h.node.height - 199n);
    const below = await h.get(`/rpc/block_results?height=${base - 1n}`);
    expect((below.json as { error: { data: string } }).error.data).toBe(
      `height is not available (requested height: ${base - 1n}, base height: ${base})`,
    );
    // As with a real node, the library reports the HTTP 500 (the reason is in the body above).
    await expect(client.block(Number(base) - 1)).rejects.toThrow(/500/);
  });
});
