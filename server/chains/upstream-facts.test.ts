import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { learnUpstreamFacts } from './upstream-facts.ts';

// An --upstream node's chain id and prefix, learned in the background for /polity/config.json:
// from its RPC's /status and x/auth's bech32 query, and again later from a node down at first.

const FAST = { deadlineMs: 1000, firstWaitMs: 50, longestWaitMs: 200 };
const servers: Server[] = [];

/** A node answering `answers` by path (404 for any other), while `up()` says it is up (else 503). */
async function standIn(answers: Record<string, unknown>, up: () => boolean = () => true): Promise<string> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://node').pathname;
    if (!up()) return response.writeHead(503).end('down');
    if (!(path in answers)) return response.writeHead(404).end('{"code":5,"message":"Not Found","details":[]}');
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answers[path]));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const settled = async (facts: () => unknown, expected: unknown) => {
  for (let tries = 0; tries < 100 && JSON.stringify(facts()) !== JSON.stringify(expected); tries++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(facts()).toEqual(expected);
};

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('what an --upstream node says of itself', () => {
  it('its chain id from its RPC, its prefix from x/auth', async () => {
    const rpc = await standIn({ '/status': { result: { node_info: { network: 'regen-1' }, sync_info: {} } } });
    const rest = await standIn({ '/cosmos/auth/v1beta1/bech32': { bech32_prefix: 'regen' } });
    const learned = learnUpstreamFacts({ rest, rpc }, FAST);
    await settled(learned.facts, { chain_id: 'regen-1', bech32_prefix: 'regen' });
    learned.stop();
  });

  it('its chain id from its REST node_info without an RPC; no prefix from a node without the query', async () => {
    const rest = await standIn({
      '/cosmos/base/tendermint/v1beta1/node_info': { default_node_info: { network: 'cheqd-mainnet-1' } },
    });
    const learned = learnUpstreamFacts({ rest, rpc: null }, FAST);
    await settled(learned.facts, { chain_id: 'cheqd-mainnet-1', bech32_prefix: null });
    learned.stop();
  });

  it('from a node that was down at first, once it answers; a hostile prefix is not taken', async () => {
    let up = false;
    const rest = await standIn(
      {
        '/cosmos/base/tendermint/v1beta1/node_info': { default_node_info: { network: 'later-1' } },
        '/cosmos/auth/v1beta1/bech32': { bech32_prefix: '<img src=x>' },
      },
      () => up,
    );
    const learned = learnUpstreamFacts({ rest, rpc: null }, FAST);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(learned.facts()).toEqual({ chain_id: null, bech32_prefix: null });
    up = true;
    await settled(learned.facts, { chain_id: 'later-1', bech32_prefix: null });
    learned.stop();
  });
});
