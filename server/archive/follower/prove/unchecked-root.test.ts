import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { archivedUpTo, DATABASE_KINDS, followNode, type TestArchive } from '../../../test/archive-harness.ts';
import { chainClock } from '../../../test/chain-clock.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { handleArchive } from '../../api/archive-http.ts';

// Proofs are asked for by default. A trust root that cannot be checked — here a genesis whose
// validators did not sign the chain's first header — stops merging, with the reason in the
// status; it never turns proofs off by itself. Following unproven is the operator's choice alone.

const bodyOf = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

interface GenesisDoc {
  app_state?: { genutil?: { gen_txs?: unknown[] } };
}

/** The genesis with its first gen_tx left out: a validator the chain's first header names is missing. */
function withoutFirstGenTx(genesis: GenesisDoc): GenesisDoc {
  genesis.app_state?.genutil?.gen_txs?.shift();
  return genesis;
}

/** The node as it is, but for a genesis (whole or in chunks) that leaves out its first validator. */
function nodeWithOtherGenesis(real: string): Promise<Server> {
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const url = request.url ?? '/';
    const answer = await fetch(`${real}${url}`, {
      method: request.method,
      headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
      body: request.method === 'POST' ? body : undefined,
    });
    let text = await answer.text();
    if (url.startsWith('/rpc/genesis_chunked') && answer.ok) {
      const parsed = JSON.parse(text) as { result?: { data: string } };
      if (parsed.result) {
        const genesis = JSON.parse(Buffer.from(parsed.result.data, 'base64').toString('utf8')) as GenesisDoc;
        parsed.result.data = Buffer.from(JSON.stringify(withoutFirstGenTx(genesis))).toString('base64');
      }
      text = JSON.stringify(parsed);
    } else if (url.startsWith('/rpc/genesis') && answer.ok) {
      const parsed = JSON.parse(text) as { result?: { genesis?: GenesisDoc } };
      if (parsed.result?.genesis) withoutFirstGenTx(parsed.result.genesis);
      text = JSON.stringify(parsed);
    }
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(text);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.each(DATABASE_KINDS)('a trust root that cannot be checked, on $kind', (kind) => {
  let real: Harness;
  let node: Server;
  let base = '';
  let archive: TestArchive | undefined;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    real = await startHarness({ seed: 'unchecked-root' });
    real.node.advance(10, 3000);
    node = await nodeWithOtherGenesis(real.base);
    base = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await archive?.close();
    await drop?.();
    node?.close();
    await real?.close();
  });

  it('stops merging, says why in the status, and never falls back to following unproven', async () => {
    const created = await kind.create();
    drop = created.drop;
    archive = await followNode(base, created.database, undefined, {
      trust: { kind: 'genesis' },
      proofClock: chainClock(real.node),
    });
    const deadline = Date.now() + 60_000;
    while (archive.follower.state.problem === null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(archive.follower.state.problem).toMatch(
      /^proofs were asked for and the trust root cannot be checked \(header \d+ is not signed by the genesis validators: the genesis gives \d validators \(.*\) hashing to [0-9A-F]{64}; header \d+ names [0-9A-F]{64} \(\d validators: .*\)\): nothing is merged until it can; --trust NAME=HEIGHT:HASH names a root, --trust NAME=off follows without proofs; nothing merged, trying again$/,
    );
    expect(archive.follower.proofs?.state.available).toBe(false);
    // The API says why nothing is proven, and that waiting will not help: no "yet".
    const bundle = await handleArchive(archive, 'GET', 'proofs/upgrades', '');
    expect(bundle.status).toBe(503);
    expect((JSON.parse(bundle.body) as { message: string }).message).toMatch(
      /^this archive proves nothing: proofs were asked for and the trust root cannot be checked \(header \d+ is not signed/,
    );
    // Still nothing, a while later: no fallback.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await archive.db.query('SELECT * FROM archive_cursor')).toEqual([]);
    expect(await archive.db.query('SELECT * FROM votes LIMIT 1')).toEqual([]);
  }, 90_000);

  it('is followed unproven only when the operator turns proofs off', async () => {
    await archive?.close();
    await drop?.();
    const created = await kind.create();
    drop = created.drop;
    archive = await followNode(base, created.database, undefined, { trust: null });
    await archivedUpTo(archive, real.node.height);
    expect(archive.follower.proofs).toBeNull();
    expect((await archive.db.query('SELECT * FROM archive_cursor')).length).toBe(1);
  }, 90_000);
});
