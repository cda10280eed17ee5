import { request as httpRequest } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from '../../test/harness.ts';
import type { BlockSource } from '../queries/block-source.ts';
import { answerBatch, MAX_BATCH_ANSWER_BYTES } from './rpc-http.ts';

// The CometBFT v0.38 RPC's limits (rpc/jsonrpc/server/http_server.go, PreChecksHandler): a body
// of at most 1,000,000 bytes and a batch of at most 10 requests, refused in its words; and a cap
// on the size of a batch's answer, so that one request cannot make the node build a huge one.

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ seed: 'rpc-limits', livePeriodS: 30, keepBlocks: 200 });
  h.node.advance(200, 2000);
});
afterAll(() => h.close());

interface Answer {
  jsonrpc: string;
  id: unknown;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data: string };
}

const post = async (body: string) => {
  const response = await fetch(`${h.base}/rpc`, { method: 'POST', body });
  return { status: response.status, json: (await response.json()) as unknown };
};
const status = (id: number) => ({ jsonrpc: '2.0', id, method: 'status', params: {} });
const txSearch = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tx_search',
  params: { query: 'tx.height>0', per_page: '100' },
});

const BATCH_REFUSED = {
  jsonrpc: '2.0',
  id: null,
  error: {
    code: -32600,
    message: 'Invalid Request',
    data: 'batch request exceeds maximum (10) allowed number of requests',
  },
};
const BODY_REFUSED = {
  jsonrpc: '2.0',
  id: null,
  error: {
    code: -32600,
    message: 'Invalid Request',
    data: 'error reading request body: http: request body too large',
  },
};

/** A status request padded with spaces to exactly `bytes` bytes, still valid JSON. */
const paddedStatus = (bytes: number) => {
  const text = JSON.stringify(status(1));
  return text + ' '.repeat(bytes - text.length);
};

describe('CometBFT RPC limits', () => {
  it('answers a batch of 10 requests, and refuses one of 11 as CometBFT does', async () => {
    const ten = await post(JSON.stringify(Array.from({ length: 10 }, (_, i) => status(i))));
    expect(ten.status).toBe(200);
    const answers = ten.json as Answer[];
    expect(answers.map((answer) => answer.id)).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(answers.every((answer) => answer.result !== undefined)).toBe(true);

    // CometBFT writes a lone response as an object, not an array of one (writeRPCResponseHTTP).
    const eleven = await post(JSON.stringify(Array.from({ length: 11 }, (_, i) => status(i))));
    expect(eleven.status).toBe(200);
    expect(eleven.json).toEqual(BATCH_REFUSED);
  });

  it('refuses a batch of 2,000 searches at once, without running them', async () => {
    const started = performance.now();
    const refused = await post(JSON.stringify(Array.from({ length: 2000 }, (_, i) => txSearch(i))));
    expect(refused.status).toBe(200);
    expect(refused.json).toEqual(BATCH_REFUSED);
    // Generous for a loaded machine; running the searches takes many seconds.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('reads a body of 1,000,000 bytes, and refuses one byte more with HTTP 400', async () => {
    const largest = await post(paddedStatus(1_000_000));
    expect(largest.status).toBe(200);
    expect(largest.json).toMatchObject({ id: 1, result: { node_info: { network: 'polity-rpc-limits' } } });

    const over = await post(paddedStatus(1_000_001));
    expect(over.status).toBe(400);
    expect(over.json).toEqual(BODY_REFUSED);
  });

  it('answers a streamed body as soon as it passes the cap, without waiting for its end', async () => {
    const url = new URL(`${h.base}/rpc`);
    const answered = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      // No Content-Length (chunked), and the body never ends: only counting can stop it.
      const sending = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST' });
      sending.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      });
      sending.on('error', reject);
      sending.write('['.padEnd(1_000_001, ' '));
    });
    expect(answered.status).toBe(400);
    expect(JSON.parse(answered.body)).toEqual(BODY_REFUSED);
  }, 10_000);

  it('answers methods named after Object.prototype "Method not found", beside good answers', async () => {
    const names = ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
    const batch = [status(0), ...names.map((method, i) => ({ jsonrpc: '2.0', id: i + 1, method, params: {} }))];
    const answered = await post(JSON.stringify(batch));
    expect(answered.status).toBe(200);
    const answers = answered.json as Answer[];
    expect(answers).toHaveLength(batch.length);
    expect(answers[0].result).toMatchObject({ node_info: { network: 'polity-rpc-limits' } });
    answers.slice(1).forEach((answer, i) => {
      expect(answer.id).toBe(i + 1);
      expect(answer.error).toEqual({ code: -32601, message: 'Method not found', data: '' });
    });
    for (const name of names) {
      const single = await h.get(`/rpc/${name}`);
      expect(single.json).toMatchObject({ id: -1, error: { code: -32601, message: 'Method not found' } });
    }
  });

  it('answers malformed items of a batch each with its error, and the good ones still', async () => {
    const batch = [null, 42, 'status', [status(1)], { id: 2, method: 7 }, { id: 3, method: 'block', params: 'x' }];
    const answered = await post(JSON.stringify([...batch, status(4)]));
    expect(answered.status).toBe(200);
    const answers = answered.json as Answer[];
    expect(answers).toHaveLength(batch.length + 1);
    expect(answers.slice(0, -1).every((answer) => answer.error !== undefined)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ id: 4, result: { node_info: { network: 'polity-rpc-limits' } } });
  });
});

describe('the answer of one batch is bounded', () => {
  it('the cap is generous: a batch of 10 full search pages stays far within it', () => {
    const { body } = answerBatch(
      h.node,
      Array.from({ length: 10 }, (_, i) => txSearch(i)),
    );
    expect(Buffer.byteLength(body)).toBeLessThan(MAX_BATCH_ANSWER_BYTES / 4);
    expect((JSON.parse(body) as Answer[]).every((answer) => answer.result !== undefined)).toBe(true);
  });

  it('answers the requests past the cap with an error, without running them', () => {
    const one = Buffer.byteLength(JSON.stringify(JSON.parse(answerBatch(h.node, [txSearch(0)]).body)[0]));
    // Room for two answers and a half: the third and fourth are refused.
    const { status: code, body } = answerBatch(h.node, [0, 1, 2, 3].map(txSearch), Math.floor(one * 2.5));
    expect(code).toBe(200);
    const answers = JSON.parse(body) as Answer[];
    expect(answers.map((answer) => answer.id)).toEqual([0, 1, 2, 3]);
    expect(answers[0].result).toBeDefined();
    expect(answers[1].result).toBeDefined();
    for (const refused of answers.slice(2)) {
      expect(refused.error).toMatchObject({ code: -32603, message: 'Internal error' });
      expect(refused.error?.data).toMatch(/batch answer exceeds/);
    }
    // A first answer larger than the cap alone still goes out: it is no larger than it would be alone.
    const alone = JSON.parse(answerBatch(h.node, [txSearch(5)], 10).body) as Answer[];
    expect(alone[0].result).toBeDefined();
  });

  it('a method that fails unexpectedly spoils only its own answer', () => {
    const failing: BlockSource = {
      chainId: h.node.chainId,
      params: h.node.params,
      blocks: {
        get latest(): never {
          throw new TypeError('store closed');
        },
        base: null,
        get: () => undefined,
      },
    };
    const answers = JSON.parse(
      answerBatch(failing, [status(1), { jsonrpc: '2.0', id: 2, method: 'nope', params: {} }]).body,
    ) as Answer[];
    expect(answers[0]).toMatchObject({ id: 1, error: { code: -32603, message: 'Internal error' } });
    expect(answers[1]).toMatchObject({ id: 2, error: { code: -32601 } });
  });
});
