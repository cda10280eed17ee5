import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { failed } from '../../../verify/problem-codes.ts';
import { genesisValidatorSet } from '../../../verify/trust/genesis-set.ts';
import { validatorSetHashOf } from '../../../verify/trust/validator-set.ts';
import { readGenesis } from '../../archive/source/trust/genesis-reader.ts';
import { G, GENESIS, openNode, startHarness, type Harness } from '../../test/harness.ts';
import { chainTimeText } from '../chain/chain-time.ts';
import { createRpcServer } from '../gateway/http/http-server.ts';
import { buildGenesisDocument, genesisOf } from '../genesis-document.ts';
import type { ChainNode } from '../sim/chain-node.ts';

// The embedded node's /genesis, as CometBFT v0.38 serves a Cosmos SDK v0.50 chain's: the state the
// simulator built is the genesis, its first live block the initial height.

interface GenesisAnswer {
  jsonrpc: string;
  id: unknown;
  result: { genesis: Record<string, unknown> & { app_state: AppState; initial_height: string } };
}
type Rows = Record<string, unknown>[];
interface AppState {
  gov: { starting_proposal_id: string; proposals: Rows; votes: Rows; deposits: Rows; params: unknown };
  group: {
    group_seq: string;
    groups: Rows;
    group_members: Rows;
    group_policy_seq: string;
    group_policies: Rows;
    proposal_seq: string;
    proposals: Rows;
    votes: Rows;
  };
  upgrade: unknown;
}
interface Status {
  result: {
    node_info: { network: string };
    sync_info: { earliest_block_height: string; earliest_block_time: string };
    validator_info: { address: string };
  };
}

const TOO_LARGE_ERROR = {
  code: -32603,
  message: 'Internal error',
  data: 'genesis response is large, please use the genesis_chunked API instead',
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ seed: 'rpc-genesis', livePeriodS: 30 });
  h.node.advance(5, 3000);
});
afterAll(() => h.close());

/** Runs `use` against the CometBFT RPC of `node` on a port of its own, with its genesis. */
async function served<T>(node: ChainNode, use: (rpc: string) => Promise<T>): Promise<T> {
  const rpcServer = createRpcServer(node, genesisOf(node.params));
  await new Promise<void>((resolve) => rpcServer.listen(0, '127.0.0.1', resolve));
  try {
    return await use(`http://127.0.0.1:${(rpcServer.address() as AddressInfo).port}`);
  } finally {
    rpcServer.closeAllConnections();
    await new Promise((resolve) => rpcServer.close(resolve));
  }
}

const genesisOfHarness = async () => ((await h.get('/rpc/genesis')).json as GenesisAnswer).result.genesis;

describe('/genesis on the embedded node', () => {
  it('answers the GenesisDoc over GET and JSON-RPC, its first block the first live block', async () => {
    const got = await h.get('/rpc/genesis');
    expect(got.status).toBe(200);
    const answer = got.json as GenesisAnswer;
    expect(answer.jsonrpc).toBe('2.0');
    expect(answer.id).toBe(-1);
    const genesis = answer.result.genesis;
    expect(Object.keys(genesis)).toEqual([
      'genesis_time',
      'chain_id',
      'initial_height',
      'consensus_params',
      'app_hash',
      'app_state',
    ]);
    const status = (await h.get('/rpc/status')).json as Status;
    expect(genesis.chain_id).toBe(status.result.node_info.network);
    // Every block since the first is kept: the earliest is the chain's first, at its initial height.
    expect(genesis.initial_height).toBe(status.result.sync_info.earliest_block_height);
    expect(BigInt(genesis.initial_height)).toBe(h.node.height - 4n);
    expect(genesis.genesis_time).toBe(chainTimeText(GENESIS));
    expect(Date.parse(status.result.sync_info.earliest_block_time)).toBeGreaterThan(GENESIS);
    // As on a real SDK chain, the first set is not listed for CometBFT: staking makes it from the
    // gen_txs, and it is the set that signs the first block (the node's own validator the largest).
    const derived = genesisValidatorSet(genesis);
    if (failed(derived)) throw new Error(derived.problem);
    expect(derived.from).toBe('gen_txs');
    expect(derived.validators.length).toBeGreaterThanOrEqual(3);
    expect(derived.validators[0].address).toBe(status.result.validator_info.address);
    const first = (await h.get(`/rpc/commit?height=${genesis.initial_height}`)).json as {
      result: { signed_header: { header: { validators_hash: string } } };
    };
    const hashed = validatorSetHashOf(derived.validators);
    expect(!failed(hashed) && hashed.hash).toBe(first.result.signed_header.header.validators_hash);
    expect(Object.keys(genesis.app_state)).toEqual(['genutil', 'gov', 'group', 'staking', 'upgrade']);
    expect(genesis.app_state.upgrade).toEqual({});
    expect(Object.keys(genesis.app_state.group)).toEqual([
      'group_seq',
      'groups',
      'group_members',
      'group_policy_seq',
      'group_policies',
      'proposal_seq',
      'proposals',
      'votes',
    ]);
    expect(genesis.app_state.group.group_members.length).toBeGreaterThan(2500);
    // The same document from genesis_chunked: one chunk, base64 of its bytes.
    const chunked = (await h.get('/rpc/genesis_chunked?chunk=0')).json as {
      result: { chunk: string; total: string; data: string };
    };
    expect(chunked.result).toMatchObject({ chunk: '0', total: '1' });
    expect(JSON.parse(Buffer.from(chunked.result.data, 'base64').toString('utf8'))).toEqual(genesis);
    expect(((await h.get('/rpc/genesis_chunked?chunk=1')).json as { error: { data: string } }).error.data).toBe(
      'there are 1 chunks, 1 is invalid',
    );

    const posted = await fetch(`${h.base}/rpc`, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 'g7', method: 'genesis', params: {} }),
    });
    expect(posted.status).toBe(200);
    const viaPost = (await posted.json()) as GenesisAnswer;
    expect(viaPost.id).toBe('g7');
    expect(viaPost.result).toEqual(answer.result);

    // The RPC's own port answers the same document.
    expect(await served(h.node, async (rpc) => (await fetch(`${rpc}/genesis`)).text())).toBe(got.text);
  });

  it('its group and gov state is the state the REST API answers at the height before the first block', async () => {
    const genesis = await genesisOfHarness();
    const pinned = { 'x-cosmos-block-height': String(BigInt(genesis.initial_height) - 1n) };
    const all = 'pagination.limit=1000000';
    const read = async <T>(path: string): Promise<T> => {
      const answer = await h.get(`${path}${path.includes('?') ? '&' : '?'}${all}`, { headers: pinned });
      expect(answer.status, path).toBe(200);
      return answer.json as T;
    };
    const { groups } = await read<{ groups: Rows }>(`${G}/groups`);
    const members: Rows = [];
    const policies: Rows = [];
    for (const group of groups) {
      members.push(...(await read<{ members: Rows }>(`${G}/group_members/${String(group.id)}`)).members);
      policies.push(
        ...(await read<{ group_policies: Rows }>(`${G}/group_policies_by_group/${String(group.id)}`)).group_policies,
      );
    }
    const proposals: Rows = [];
    for (const policy of policies) {
      const answer = await read<{ proposals: Rows }>(`${G}/proposals_by_group_policy/${String(policy.address)}`);
      proposals.push(...answer.proposals);
    }
    const byId = (a: Record<string, unknown>, b: Record<string, unknown>) => Number(a.id) - Number(b.id);
    proposals.sort(byId);
    const votes: Rows = [];
    for (const proposal of proposals) {
      votes.push(...(await read<{ votes: Rows }>(`${G}/votes_by_proposal/${String(proposal.id)}`)).votes);
    }
    const group = genesis.app_state.group;
    expect(group.groups).toEqual(groups);
    expect(group.group_members).toEqual(members);
    const byAddress = (rows: Rows) => [...rows].sort((a, b) => String(a.address).localeCompare(String(b.address)));
    expect(byAddress(group.group_policies)).toEqual(byAddress(policies));
    expect(group.proposals).toEqual(proposals);
    expect(group.votes).toEqual(votes);
    expect(group.votes.length).toBeGreaterThan(1000);
    expect(BigInt(group.group_seq)).toBe(BigInt(String(groups.at(-1)!.id)));
    expect(BigInt(group.proposal_seq)).toBeGreaterThanOrEqual(BigInt(String(proposals.at(-1)!.id)));

    const gov = await read<{ proposals: Rows }>('/cosmos/gov/v1/proposals');
    expect(genesis.app_state.gov.proposals).toEqual(gov.proposals);
    expect(genesis.app_state.gov.starting_proposal_id).toBe(String(gov.proposals.length + 1));
  });

  it('a chain restarted from its data dir answers the same genesis, though it keeps neither that state nor that block', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'polity-genesis-'));
    try {
      const first = openNode({ dataDir, seed: 'rpc-genesis', livePeriodS: 30, keepRecent: 2, keepBlocks: 2 });
      const before = await served(first, async (rpc) => (await fetch(`${rpc}/genesis`)).text());
      first.advance(6, 3000);
      first.writeSnapshot();
      const reopened = openNode({ dataDir, keepRecent: 2, keepBlocks: 2 });
      // The snapshot is of the earliest of the two kept states.
      expect(reopened.restoration.snapshotHeight).toBe(first.height - 1n);
      const after = await served(reopened, async (rpc) => (await fetch(`${rpc}/genesis`)).text());
      expect(after).toBe(before);
      const initialHeight = BigInt((JSON.parse(after) as GenesisAnswer).result.genesis.initial_height);
      expect(String(initialHeight)).toBe(readFileSync(join(dataDir, 'blocks.log'), 'utf8').split(' ')[0]);
      expect(reopened.blocks.get(initialHeight)).toBeUndefined();
      expect(reopened.stateAt(initialHeight - 1n)).toBeUndefined();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a genesis too large to send whole is refused as CometBFT refuses it, and the archive sees why', async () => {
    expect(buildGenesisDocument(h.node.params, 100_000)).toEqual({ tooLarge: true });
    // The large scenario's genesis is known too large without building a second million-member state.
    const started = performance.now();
    expect(genesisOf({ ...h.node.params, scenario: 'large' })()).toEqual({ tooLarge: true });
    expect(performance.now() - started).toBeLessThan(1000);

    const rpcServer = createRpcServer(h.node, () => ({ tooLarge: true }));
    await new Promise<void>((resolve) => rpcServer.listen(0, '127.0.0.1', resolve));
    try {
      const rpc = `http://127.0.0.1:${(rpcServer.address() as AddressInfo).port}`;
      const got = await fetch(`${rpc}/genesis`);
      expect(got.status).toBe(500);
      expect(await got.json()).toEqual({ jsonrpc: '2.0', id: -1, error: TOO_LARGE_ERROR });
      const posted = await fetch(rpc, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'genesis' }),
      });
      expect(await posted.json()).toEqual({ jsonrpc: '2.0', id: 3, error: TOO_LARGE_ERROR });
      // No chunks either, in CometBFT's words: the archive has no genesis to read, and says so once.
      const chunked = (await (await fetch(`${rpc}/genesis_chunked?chunk=0`)).json()) as { error: { data: string } };
      expect(chunked.error.data).toBe('service configuration error, there are no chunks');
      expect(await readGenesis(rpc)).toBeNull();
    } finally {
      rpcServer.closeAllConnections();
      await new Promise((resolve) => rpcServer.close(resolve));
    }
  });
});
