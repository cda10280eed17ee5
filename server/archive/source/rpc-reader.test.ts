import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, describe, expect, it } from 'vitest';

import { RpcReader } from './rpc-reader.ts';

// A node that answers a JSON-RPC batch with `200 []` — every id missing — must not leave the
// reader waiting forever: each request has a deadline, and its failure is an error to retry and
// to show, never silence.

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('[]');
  });
});
const listening = new Promise<string>((resolve) =>
  server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a batch answered with no answers', () => {
  it('fails the read within its deadline, saying so', async () => {
    const reader = await RpcReader.connect(await listening, 200);
    const started = Date.now();
    await expect(reader.block(5n)).rejects.toThrow(/no answer to block(_results)? 5 within 200 ms/);
    expect(Date.now() - started).toBeLessThan(20_000);
    reader.disconnect();
  });
});
