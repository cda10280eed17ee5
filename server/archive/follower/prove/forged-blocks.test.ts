import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE_KINDS, followNode, type TestArchive } from '../../../test/archive-harness.ts';
import { chainClock } from '../../../test/chain-clock.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { earliestHeaderOf } from '../../../test/trusted-header.ts';

// A node that serves the real chain's signed headers beside blocks and state of another chain
// (its own links and hashes all consistent): every header the light client checks verifies,
// but the blocks are not the ones those headers name. Refused before anything is merged.

/** What the light client reads: commits and validator sets. */
const SIGNATURE_METHODS = new Set(['commit', 'validators']);

const bodyOf = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The real chain's commits and validators, the other chain's everything else. */
function mixedNode(real: string, forged: string): Promise<Server> {
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const url = request.url ?? '/';
    const method = url.match(/^\/rpc\/([a-z_]+)/)?.[1];
    let signatures = method !== undefined && SIGNATURE_METHODS.has(method);
    if (request.method === 'POST' && url.replace(/\/$/, '') === '/rpc') {
      const calls = JSON.parse(body.toString() || '[]') as { method: string }[] | { method: string };
      signatures = (Array.isArray(calls) ? calls : [calls]).every((call) => SIGNATURE_METHODS.has(call.method));
    }
    const answer = await fetch(`${signatures ? real : forged}${url}`, {
      method: request.method,
      headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
      body: request.method === 'POST' ? body : undefined,
    });
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.each(DATABASE_KINDS)('signed headers beside forged blocks, on $kind', (kind) => {
  let real: Harness;
  let forged: Harness;
  let mixed: Server;
  let archive: TestArchive;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    real = await startHarness({ seed: 'prove-mixed' });
    // Another seed that makes the same chain id: its own consistent blocks, at the same heights.
    forged = await startHarness({ seed: 'PROVE-MIXED' });
    real.node.advance(20, 3000);
    forged.node.advance(20, 3000);
    expect(forged.node.chainId).toBe(real.node.chainId);
    mixed = await mixedNode(real.base, forged.base);
  });

  afterAll(async () => {
    await archive?.close();
    await drop?.();
    mixed?.close();
    await forged?.close();
    await real?.close();
  });

  it('are refused: the block read is not the one the verified header names, and nothing is merged', async () => {
    const trust = await earliestHeaderOf(real);
    const created = await kind.create();
    drop = created.drop;
    const base = `http://127.0.0.1:${(mixed.address() as AddressInfo).port}`;
    archive = await followNode(base, created.database, undefined, { trust, proofClock: chainClock(real.node) });
    const deadline = Date.now() + 60_000;
    while (archive.follower.state.problem === null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(archive.follower.state.problem).toMatch(
      /block \d+ is answered under hash [0-9A-F]{64}, but the verified headers name [0-9A-F]{64}: the node's blocks are not the chain its validators signed/,
    );
    expect(await archive.db.query('SELECT * FROM archive_cursor')).toEqual([]);
    expect(await archive.db.query('SELECT * FROM votes LIMIT 1')).toEqual([]);
  }, 90_000);
});
