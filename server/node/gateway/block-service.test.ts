import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openNode, startHarness, type Harness } from '../../test/harness.ts';
import { QueryService } from '../queries/query-service.ts';
import { protoTimestamp } from './block-service.ts';
import { createPolityServer } from './http/http-server.ts';
import { parseUpstream } from './proxy/upstream-proxy.ts';

// The REST block service (cosmos/base/tendermint/v1beta1) against the node's own CometBFT RPC:
// the same block, so a dashboard reading either sees the same hashes, heights and times.

const T = '/cosmos/base/tendermint/v1beta1';

interface ProtoBlockId {
  hash: string | null;
  part_set_header: { total: number; hash: string | null };
}
type ProtoHeader = Record<string, unknown> & {
  chain_id: string;
  height: string;
  time: string;
  last_block_id: ProtoBlockId;
  proposer_address: string | null;
};
interface BlockResponse {
  block_id: ProtoBlockId;
  block: { header: ProtoHeader; data: { txs: string[] }; last_commit: { height: string } };
  sdk_block: { header: ProtoHeader; data: { txs: string[] } };
}
interface RpcBlock {
  result: {
    block_id: { hash: string; parts: { hash: string } };
    block: { header: Record<string, string> & { last_block_id: { hash: string } }; data: { txs: string[] } };
  };
}

const hexOf = (base64: string | null) =>
  base64 === null ? '' : Buffer.from(base64, 'base64').toString('hex').toUpperCase();
/** A chain time to the nanosecond, whatever digits the encoder kept. */
const nanos = (time: string) => {
  const match = /^(.*?)(?:\.(\d+))?Z$/.exec(time);
  return `${match?.[1]}.${(match?.[2] ?? '').padEnd(9, '0')}Z`;
};
const HASH_FIELDS = [
  'last_commit_hash',
  'data_hash',
  'validators_hash',
  'next_validators_hash',
  'consensus_hash',
  'app_hash',
  'last_results_hash',
  'evidence_hash',
];

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ livePeriodS: 30, keepBlocks: 50 });
  h.node.advance(120, 2000);
});
afterAll(() => h.close());

/** The REST answer for `path` is the RPC's /block at `rpcQuery`, field by field. */
async function expectSameBlock(path: string, rpcQuery: string, height: bigint) {
  const rest = await h.get(`${T}/blocks/${path}`);
  expect(rest.status).toBe(200);
  const answer = rest.json as BlockResponse;
  const rpc = ((await h.get(`/rpc/block${rpcQuery}`)).json as RpcBlock).result;
  expect(hexOf(answer.block_id.hash)).toBe(rpc.block_id.hash);
  expect(hexOf(answer.block_id.part_set_header.hash)).toBe(rpc.block_id.parts.hash);
  for (const header of [answer.block.header, answer.sdk_block.header]) {
    expect(header.height).toBe(String(height));
    expect(header.height).toBe(rpc.block.header.height);
    expect(header.chain_id).toBe(rpc.block.header.chain_id);
    expect(nanos(header.time)).toBe(rpc.block.header.time);
    expect(hexOf(header.last_block_id.hash)).toBe(rpc.block.header.last_block_id.hash);
    for (const field of HASH_FIELDS) expect(hexOf(header[field] as string | null), field).toBe(rpc.block.header[field]);
  }
  expect(hexOf(answer.block.header.proposer_address)).toBe(rpc.block.header.proposer_address);
  // sdk_block names the proposer as the SDK does: a bech32 consensus address of the same bytes.
  const proposer = bech32.decode(answer.sdk_block.header.proposer_address ?? '');
  expect(proposer.prefix).toBe('cosmosvalcons');
  expect(Buffer.from(bech32.fromWords(proposer.words)).toString('hex').toUpperCase()).toBe(
    rpc.block.header.proposer_address,
  );
  expect(answer.block.data.txs).toEqual(rpc.block.data.txs);
  expect(answer.sdk_block.data.txs).toEqual(rpc.block.data.txs);
  expect(answer.block.last_commit.height).toBe(String(height - 1n));
  return rest;
}

describe('REST block service', () => {
  it('prints times as jsonpb does: the fraction cut to 0, 3, 6 or 9 digits', () => {
    expect(protoTimestamp('2026-11-01T12:00:00.123456789Z')).toBe('2026-11-01T12:00:00.123456789Z');
    expect(protoTimestamp('2026-11-01T12:00:00.120000000Z')).toBe('2026-11-01T12:00:00.120Z');
    expect(protoTimestamp('2026-11-01T12:00:00.000001000Z')).toBe('2026-11-01T12:00:00.000001Z');
    expect(protoTimestamp('2026-11-01T12:00:00.000000000Z')).toBe('2026-11-01T12:00:00Z');
    expect(protoTimestamp('0001-01-01T00:00:00Z')).toBe('0001-01-01T00:00:00Z');
  });

  it('blocks/latest is the block the RPC serves as latest, with the height header', async () => {
    const rest = await expectSameBlock('latest', '', h.node.height);
    expect(rest.headers.get('grpc-metadata-x-cosmos-block-height')).toBe(String(h.node.height));
    expect(Object.keys(rest.json as object)).toEqual(['block_id', 'block', 'sdk_block']);
  });

  it('blocks/{height} is the RPC block of a kept height', async () => {
    const height = h.node.blocks.base! + 5n;
    await expectSameBlock(String(height), `?height=${height}`, height);
  });

  it('a pruned height is CometBFT’s error through the gRPC server: Unknown, 500', async () => {
    const base = h.node.blocks.base!;
    const pruned = await h.get(`${T}/blocks/${base - 1n}`);
    expect(pruned.status).toBe(500);
    expect(pruned.json).toEqual({
      code: 2,
      message: `height is not available (requested height: ${base - 1n}, base height: ${base})`,
      details: [],
    });
  });

  it('a height above the tip is cmtservice’s InvalidArgument, 400', async () => {
    const future = await h.get(`${T}/blocks/${h.node.height + 1n}`);
    expect(future.status).toBe(400);
    expect(future.json).toEqual({
      code: 3,
      message: 'requested block height is bigger then the chain length',
      details: [],
    });
  });

  it('a pinned height is checked and echoed, but the block served is still the tip', async () => {
    const pinned = h.node.height - 2n;
    const rest = await h.get(`${T}/blocks/latest`, { headers: { 'x-cosmos-block-height': String(pinned) } });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('grpc-metadata-x-cosmos-block-height')).toBe(String(pinned));
    expect((rest.json as BlockResponse).sdk_block.header.height).toBe(String(h.node.height));
    const ahead = await h.get(`${T}/blocks/latest`, {
      headers: { 'x-cosmos-block-height': String(h.node.height + 9n) },
    });
    expect(ahead.status).toBe(500);
    expect((ahead.json as { message: string }).message).toMatch(/cannot query with height in the future/);
  });

  it('node_info names the chain as its network; syncing is false', async () => {
    const info = await h.get(`${T}/node_info`);
    expect(info.status).toBe(200);
    const body = info.json as {
      default_node_info: { network: string; channels: string };
      application_version: { cosmos_sdk_version: string };
    };
    expect(body.default_node_info.network).toBe(h.node.chainId);
    expect(body.default_node_info.network).toBe('polity-test-seed');
    expect(Object.keys(body)).toEqual(['default_node_info', 'application_version']);
    expect(body.application_version.cosmos_sdk_version).toMatch(/^v0\.50\./);
    const syncing = await h.get(`${T}/syncing`);
    expect(syncing.status).toBe(200);
    expect(syncing.text).toBe('{"syncing":false}');
  });
});

describe('REST block service through the upstream proxy', () => {
  it('forwards the block service’s paths to a real node', async () => {
    const arrived: string[] = [];
    const upstream = createServer((req, res) => {
      arrived.push(req.url ?? '');
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"syncing":false}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const front = createPolityServer({
      queries: new QueryService(openNode(), 'extended'),
      upstreams: [parseUpstream(`up=http://127.0.0.1:${(upstream.address() as AddressInfo).port}`)],
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const frontBase = `http://127.0.0.1:${(front.address() as AddressInfo).port}/upstream/up`;
    try {
      for (const path of ['blocks/latest', 'blocks/42', 'node_info', 'syncing']) {
        expect((await fetch(`${frontBase}${T}/${path}`)).status).toBe(200);
      }
      expect(arrived).toEqual([`${T}/blocks/latest`, `${T}/blocks/42`, `${T}/node_info`, `${T}/syncing`]);
    } finally {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await new Promise((resolve) => upstream.close(resolve));
    }
  });
});
