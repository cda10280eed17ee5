import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE_KINDS, followNode, type TestArchive } from '../../../test/archive-harness.ts';
import { chainClock } from '../../../test/chain-clock.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { earliestHeaderOf } from '../../../test/trusted-header.ts';

// A lying node writes its weakest validator's power as power + 2^64 — which hashes like the real
// power, as protobuf varints wrap — and serves commits that validator signed alone. Counted in
// full, that one signature is nearly all the power. The archive refuses the header, keeps no set
// under the real set's hash, and merges nothing.

const WRAP = 1n << 64n;

interface RpcAnswer {
  result?: {
    signed_header?: { header: { height: string }; commit: { signatures: Record<string, unknown>[] } };
    block_height?: string;
    validators?: { voting_power: string }[];
  };
}

const bodyOf = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * The lie: every set with its last (weakest) validator's power wrapped — the trusted header's too,
 * so the wrapped set is the first one the archive reads — and, above the trusted height, commits
 * that validator signed alone.
 */
function lie(answer: RpcAnswer, above: bigint): RpcAnswer {
  const signed = answer.result?.signed_header;
  if (signed && BigInt(signed.header.height) > above) {
    const last = signed.commit.signatures.length - 1;
    signed.commit.signatures = signed.commit.signatures.map((sig, index) =>
      index === last
        ? sig
        : { block_id_flag: 1, validator_address: '', timestamp: '0001-01-01T00:00:00Z', signature: null },
    );
  }
  const validators = answer.result?.validators;
  if (validators) {
    const last = validators[validators.length - 1];
    last.voting_power = String(BigInt(last.voting_power) + WRAP);
  }
  return answer;
}

function lyingNode(real: string, above: bigint): Promise<Server> {
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const answer = await fetch(`${real}${request.url ?? '/'}`, {
      method: request.method,
      headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
      body: request.method === 'POST' ? body : undefined,
    });
    const text = await answer.text();
    let out = text;
    if ((request.url ?? '').startsWith('/rpc') && answer.ok) {
      const parsed = JSON.parse(text) as RpcAnswer | RpcAnswer[];
      out = JSON.stringify(Array.isArray(parsed) ? parsed.map((one) => lie(one, above)) : lie(parsed, above));
    }
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(out);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.each(DATABASE_KINDS)('a node serving wrapped voting powers, on $kind', (kind) => {
  let real: Harness;
  let lying: Server;
  let archive: TestArchive;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    real = await startHarness({ seed: 'wrapped-powers' });
    real.node.advance(20, 3000);
  });

  afterAll(async () => {
    await archive?.close();
    await drop?.();
    lying?.close();
    await real?.close();
  });

  it('is refused at its first lie, with the power named, and nothing is merged', async () => {
    const trust = await earliestHeaderOf(real);
    lying = await lyingNode(real.base, trust.height);
    const created = await kind.create();
    drop = created.drop;
    const base = `http://127.0.0.1:${(lying.address() as AddressInfo).port}`;
    archive = await followNode(base, created.database, undefined, { trust, proofClock: chainClock(real.node) });
    const deadline = Date.now() + 60_000;
    while (archive.follower.state.problem === null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(archive.follower.state.problem).toMatch(
      /the trust root: validator [0-9A-F]{40} has voting power \d{20,}: CometBFT allows 1 to 1152921504606846975/,
    );
    expect(await archive.db.query('SELECT * FROM archive_cursor')).toEqual([]);
    expect(await archive.db.query('SELECT * FROM votes LIMIT 1')).toEqual([]);
    expect(
      await archive.db.query('SELECT height FROM proof_headers WHERE height > $1', [String(trust.height)]),
    ).toEqual([]);
  }, 90_000);
});
