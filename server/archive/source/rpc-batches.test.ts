import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from '../../test/harness.ts';
import { ProofReader } from './proof-reader.ts';

// Reads asked for together reach the node as JSON-RPC batches of ten calls (CometBFT's default
// batch limit): a light block is two (a commit and a page of validators), so five heights a
// request; a store key with its proof is one. They answer exactly what single reads answer, and a
// node that answers batches badly (an empty answer, a refusal) is read one call at a time instead
// — never left waiting.

type Answering = 'pass' | 'empty' | 'refuse';

describe('reads asked for together', () => {
  let h: Harness;
  let front: http.Server;
  let frontUrl = '';
  let answering: Answering = 'pass';
  const seen = { posts: 0, gets: 0 };

  beforeAll(async () => {
    h = await startHarness({ seed: 'light-block-batches', keepRecent: 3000 });
    h.node.advance(60, 3000);
    // Between the reader and the node: counts requests, and answers batches as the test says.
    front = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method === 'POST') seen.posts += 1;
        else seen.gets += 1;
        if (request.method === 'POST' && answering !== 'pass') {
          response.writeHead(answering === 'empty' ? 200 : 400, { 'content-type': 'application/json' });
          response.end(answering === 'empty' ? '[]' : '{"error":"batches are not served here"}');
          return;
        }
        const forwarded = http.request(
          `${h.base}/rpc${(request.url ?? '/').replace(/^\/rpc/, '')}`,
          { method: request.method, headers: { 'content-type': 'application/json' } },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' });
            answer.pipe(response);
          },
        );
        forwarded.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}/rpc`;
  });

  afterAll(async () => {
    await new Promise((resolve) => front?.close(resolve));
    await h?.close();
  });

  const heights = () => Array.from({ length: 20 }, (_, index) => h.node.height - 40n + BigInt(index));

  async function readTogether(): Promise<string[]> {
    const reader = new ProofReader(frontUrl);
    const blocks = await Promise.all(heights().map((height) => reader.lightBlock(height)));
    return blocks.map((block) => JSON.stringify(block));
  }

  let alone: string[] = [];

  it('asks ten commits a request, the validator set once, and answers what single reads answer', async () => {
    // Reads one after another: the reference answers, a commit each, and the set these heights
    // share once (the next heights name it by its hash).
    const reader = new ProofReader(frontUrl);
    alone = [];
    for (const height of heights()) alone.push(JSON.stringify(await reader.lightBlock(height)));
    expect(seen).toEqual({ posts: 0, gets: 21 });
    seen.gets = 0;
    // Together, on a reader that knows no set yet: two batches of commits, then two of sets.
    const together = await readTogether();
    expect(together).toEqual(alone);
    expect(seen).toEqual({ posts: 4, gets: 0 });
    // A reader that knows the set asks only for commits.
    seen.posts = 0;
    const known = new ProofReader(frontUrl);
    await known.lightBlock(heights()[0]);
    seen.gets = 0;
    await Promise.all(heights().map((height) => known.lightBlock(height)));
    expect(seen).toEqual({ posts: 2, gets: 0 });
  });

  it('asks ten store keys a request, with their proofs as single reads answer them', async () => {
    const reader = new ProofReader(frontUrl);
    const height = h.node.height - 2n;
    // Proposals 1 to 20: some stored, some not (their absence is proven too).
    const keys = Array.from({ length: 20 }, (_, index) => `3000${(index + 1).toString(16).padStart(16, '0')}`);
    const single: string[] = [];
    for (const key of keys) single.push(JSON.stringify(await reader.storeKey('group', key, height)));
    seen.posts = 0;
    seen.gets = 0;
    const together = await Promise.all(
      keys.map(async (key) => JSON.stringify(await reader.storeKey('group', key, height))),
    );
    expect(together).toEqual(single);
    expect(single.some((answer) => answer.includes('"value":null'))).toBe(true);
    expect(single.some((answer) => !answer.includes('"value":null'))).toBe(true);
    expect(seen).toEqual({ posts: 2, gets: 0 });
  });

  it('reads each height alone when a batch is answered with nothing', async () => {
    answering = 'empty';
    seen.posts = 0;
    seen.gets = 0;
    expect(await readTogether()).toEqual(alone);
    expect(seen.posts).toBeGreaterThanOrEqual(2);
    // A commit for each height, and a set for those read before the set was known.
    expect(seen.gets).toBeGreaterThanOrEqual(21);
  });

  it('stops batching where batches are refused', async () => {
    answering = 'refuse';
    const reader = new ProofReader(frontUrl);
    seen.posts = 0;
    await Promise.all(heights().map((height) => reader.lightBlock(height)));
    const postsAtFirst = seen.posts;
    await Promise.all(heights().map((height) => reader.lightBlock(height)));
    expect(postsAtFirst).toBeGreaterThan(0);
    expect(seen.posts).toBe(postsAtFirst);
  });
});
