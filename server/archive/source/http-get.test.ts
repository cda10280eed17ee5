import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { httpGet } from './http-get.ts';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/moved') return void response.writeHead(308, { location: '/here' }).end();
    if (request.url === '/here')
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(request.headers['x-probe'] ?? '');
    if (request.url === '/loop') return void response.writeHead(302, { location: '/loop' }).end();
    if (request.url === '/huge') {
      // Two mebibytes in chunks, no length said: the reader must count as it reads.
      response.writeHead(200, { 'content-type': 'application/json' });
      for (let chunk = 0; chunk < 32; chunk++) response.write(' '.repeat(64 * 1024));
      return void response.end('{}');
    }
    if (request.url === '/declared-huge')
      return void response.writeHead(200, { 'content-length': String(2 ** 40) }).write('{');
    // '/stall': headers, then a body that never ends.
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"partial":');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("the archive's reads of a node", () => {
  it('follow a redirect, with their headers', async () => {
    await expect(httpGet(`${base}/moved`, { 'x-probe': 'pinned' }, 2000)).resolves.toMatchObject({
      status: 200,
      text: 'pinned',
    });
  });

  it('stop following a redirect loop after a few hops and answer with it', async () => {
    await expect(httpGet(`${base}/loop`, {}, 2000)).resolves.toMatchObject({ status: 302 });
  });

  it('refuse an answer larger than the read can be, as it arrives or by its declared length', async () => {
    const mebibyte = 1024 * 1024;
    await expect(httpGet(`${base}/huge`, {}, 5000, mebibyte)).rejects.toThrow(
      /^the answer from 127\.0\.0\.1:\d+\/huge is larger than 1 MB: refused/,
    );
    await expect(httpGet(`${base}/declared-huge`, {}, 5000, mebibyte)).rejects.toThrow(/larger than 1 MB: refused/);
    await expect(httpGet(`${base}/huge`, {}, 5000, 3 * mebibyte)).resolves.toMatchObject({ status: 200 });
  });

  it('give up on a body that stops arriving, saying so', async () => {
    await expect(httpGet(`${base}/stall`, {}, 150)).rejects.toThrow(
      `no complete answer within 150 ms from 127.0.0.1:${new URL(base).port}`,
    );
  });
});
