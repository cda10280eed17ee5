import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from '../../test/harness.ts';
import { ProofReader } from './proof-reader.ts';

// Light blocks asked for together reach the node as JSON-RPC batches (five heights a request,
// CometBFT's default batch limit), answer exactly what single reads answer, and a node that
// answers batches badly (an empty answer, a refusal) is read one height at a time instead —
// never left waiting.

type Answering = 'pass' | 'empty' | 'refuse';

describe('light blocks read together', () => {
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

  it('asks five heights a request, and answers what single reads answer', async () => {
    // Reads one after another never meet in a batch: the reference answers.
    const reader = new ProofReader(frontUrl);
    alone = [];
    for (const height of heights()) alone.push(JSON.stringify(await reader.lightBlock(height)));
    expect(seen.posts).toBe(0);
    seen.gets = 0;
    const together = await readTogether();
    expect(together).toEqual(alone);
    expect(seen).toEqual({ posts: 4, gets: 0 });
  });

  it('reads each height alone when a batch is answered with nothing', async () => {
    answering = 'empty';
    seen.posts = 0;
    seen.gets = 0;
    expect(await readTogether()).toEqual(alone);
    expect(seen.posts).toBe(4);
    // A commit and a page of validators for each height.
    expect(seen.gets).toBe(40);
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
