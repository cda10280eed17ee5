import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, describe, expect, it } from 'vitest';

import { RestReader } from './rest-reader.ts';

// A REST answer dripped a byte a second keeps its connection busy for ever: the read, its retries
// included, must end at the reader's deadline all the same, saying what it was reading.

const dripping = new Set<ServerResponse>();
const server = createServer((request, response) => {
  request.resume();
  response.writeHead(200, { 'content-type': 'application/json' });
  response.flushHeaders();
  dripping.add(response);
  const timer = setInterval(() => response.write(' '), 100);
  response.on('close', () => {
    clearInterval(timer);
    dripping.delete(response);
  });
});
const listening = new Promise<string>((resolve) =>
  server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
);

afterAll(
  () =>
    new Promise<void>((resolve) => {
      for (const response of dripping) response.destroy();
      server.close(() => resolve());
    }),
);

describe('a REST node dripping its answer', () => {
  it('fails the whole read, retries included, at the deadline', async () => {
    const reader = new RestReader(await listening, 500);
    const started = Date.now();
    await expect(reader.proposal('7', 12n)).rejects.toThrow(
      'no answer to /cosmos/group/v1/proposal/7 at height 12 within 500 ms',
    );
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
