import type { AddressInfo } from 'node:net';

import { archiveMount } from '../archive/api/archive-mount.ts';
import type { ArchiveSource } from '../archive/api/archive-source.ts';
import { createPolityServer } from '../node/gateway/http/http-server.ts';
import { genesisOf } from '../node/genesis-document.ts';
import { QueryService } from '../node/queries/query-service.ts';
import { ChainNode } from '../node/sim/chain-node.ts';
import type { NodeOptions } from '../node/sim/node-options.ts';
import type { PaginationMode } from '../node/store/paginate.ts';

export const GENESIS = Date.parse('2026-11-01T12:00:00Z');

export interface Harness {
  node: ChainNode;
  base: string;
  get(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; text: string; json: unknown }>;
  close(): Promise<void>;
}

export function openNode(over: Partial<NodeOptions> = {}): ChainNode {
  return ChainNode.open({ seed: 'test-seed', genesisTime: GENESIS, scenario: 'demo', livePeriodS: 120, ...over });
}

/** A real HTTP server over a fresh demo chain, on an ephemeral loopback port. */
export async function startHarness(
  over: Partial<NodeOptions> & { mode?: PaginationMode; archive?: () => ArchiveSource | null } = {},
): Promise<Harness> {
  const { mode = 'extended', archive, ...nodeOptions } = over;
  const node = openNode(nodeOptions);
  const archives = archive ? { get: (name: string) => (name === '' ? archive() : undefined) } : undefined;
  const server = createPolityServer({
    queries: new QueryService(node, mode),
    blocks: node,
    genesis: genesisOf(node.params),
    mounts: [archiveMount(archives)],
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    node,
    base,
    async get(path, init) {
      const res = await fetch(base + path, init);
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
      return { status: res.status, headers: res.headers, text, json };
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export const G = '/cosmos/group/v1';
export const U = '/cosmos/upgrade/v1beta1';

/** Decodes a next_key for assertions. */
export const keyHex = (b64: string) => Buffer.from(b64, 'base64').toString('hex');
