import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { probeEndpoint } from './endpoint-probe.ts';
import type { ChainRegistrySource } from './registry-chain.ts';
import { resolveChain } from './resolve-chain.ts';
import { serveChains, type ServedChains } from './served-chain.ts';

// The registry's endpoints played by local stand-ins: dead ones, one of another chain, then good
// ones. Polity must serve through a good one and say why it left each other.

const CHAIN_ID = 'standin-1';
const servers: Server[] = [];
let served: ServedChains | undefined;

afterEach(async () => {
  await served?.close();
  served = undefined;
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A node of `network`: its REST node_info, its RPC /status, and any other path echoed back. */
function node(network: string, options: { earliest?: number; delayMs?: number } = {}): Promise<string> {
  const server = createServer((req, res) => {
    const body =
      req.url === '/cosmos/base/tendermint/v1beta1/node_info'
        ? { default_node_info: { network } }
        : req.url === '/status'
          ? {
              jsonrpc: '2.0',
              id: -1,
              result: {
                node_info: { network },
                sync_info: { earliest_block_height: String(options.earliest ?? 1), catching_up: false },
              },
            }
          : { echoed: req.url };
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    }, options.delayMs ?? 0);
  });
  return listen(server);
}

/** An address nothing listens at: a port just closed. */
async function refusing(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  servers.pop();
  await new Promise((resolve) => server.close(resolve));
  return url;
}

/** Takes the connection and never answers. */
const silent = () => listen(createServer(() => undefined));

function registryOf(rest: string[], rpc: string[]): ChainRegistrySource {
  return {
    names: () => ['standin'],
    load: (name) =>
      name === 'standin'
        ? {
            chainName: 'standin',
            prettyName: 'Stand-in',
            chainId: CHAIN_ID,
            bech32Prefix: 'stand',
            apis: { rest: rest.map((address) => ({ address })), rpc: rpc.map((address) => ({ address })) },
            explorers: [{ kind: 'scan', txPage: 'https://scan.example/tx/${txHash}' }],
          }
        : undefined,
  };
}

const options = {
  probe: probeEndpoint,
  probeDeadlineMs: 500,
  retryMs: 60_000,
  failuresBeforeMoving: 1,
  log: () => undefined,
};

describe('a chain served by its registry name', () => {
  it('serves through the endpoint that answers as the chain, and says why it left the others', async () => {
    const refused = await refusing();
    const quiet = await silent();
    const alsoQuiet = await silent();
    const otherChain = await node('other-1');
    const good = await node(CHAIN_ID);
    const chain = resolveChain(
      'standin',
      registryOf([refused, quiet, alsoQuiet, otherChain, good], [refused, quiet, alsoQuiet, otherChain, good]),
    );
    const started = performance.now();
    served = await serveChains([chain], options);
    await served.firstRound;
    // Asked at once, not one after another: the round lasts one deadline (0.5 s), not the sum of them.
    expect(performance.now() - started).toBeLessThan(950);

    const status = served.chains[0].json();
    expect(status).toMatchObject({
      name: 'standin',
      pretty_name: 'Stand-in',
      chain_id: CHAIN_ID,
      bech32_prefix: 'stand',
    });
    for (const kind of ['rest', 'rpc'] as const) {
      expect(status[kind].using).toBe(new URL(good).href);
      expect(status[kind].left).toEqual(
        expect.arrayContaining([
          { url: new URL(refused).href, why: 'dead: connection refused' },
          { url: new URL(quiet).href, why: 'dead: no answer within 0.5 s' },
          { url: new URL(otherChain).href, why: 'wrong chain id: other-1' },
        ]),
      );
    }
    const answer = await fetch(`${served.chains[0].restUrl}/cosmos/group/v1/groups?pagination.limit=1`);
    expect(await answer.json()).toEqual({ echoed: '/cosmos/group/v1/groups?pagination.limit=1' });
  });

  it('keeps the RPC endpoint with the most history for the archive, and moves on when the one in use fails', async () => {
    const recent = await node(CHAIN_ID, { earliest: 9000 });
    const deep = await node(CHAIN_ID, { earliest: 1, delayMs: 100 });
    const chain = resolveChain('standin', registryOf([recent, deep], [recent, deep]));
    served = await serveChains([chain], options);
    await served.firstRound;
    const rpcStatus = served.chains[0].json().rpc;
    expect(rpcStatus.using).toBe(new URL(deep).href);
    expect(rpcStatus.left).toEqual([
      {
        url: new URL(recent).href,
        why: expect.stringMatching(/^answered too, kept in reserve .*keeps blocks from 9000/),
      },
    ]);

    // The quicker REST endpoint serves; once it dies, the next request fails and the next in reserve takes over.
    expect(served.chains[0].json().rest.using).toBe(new URL(recent).href);
    const recentServer = servers[0];
    recentServer.closeAllConnections();
    await new Promise((resolve) => recentServer.close(resolve));
    const failed = await fetch(`${served.chains[0].restUrl}/cosmos/upgrade/v1beta1/current_plan`);
    expect(failed.status).toBe(502);
    const restStatus = served.chains[0].json().rest;
    expect(restStatus.using).toBe(new URL(deep).href);
    expect(restStatus.left).toContainEqual({
      url: new URL(recent).href,
      why: expect.stringMatching(/^failed while in use: connection refused/),
    });
    const healed = await fetch(`${served.chains[0].restUrl}/cosmos/upgrade/v1beta1/current_plan`);
    expect(await healed.json()).toEqual({ echoed: '/cosmos/upgrade/v1beta1/current_plan' });
  });
});
