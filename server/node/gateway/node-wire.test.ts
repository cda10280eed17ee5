import { request as httpRequest } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { G, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.node.advance(5, 5000);
});
afterAll(() => h.close());

function rawGet(path: string): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(h.base);
    const request = httpRequest({ hostname, port, path }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

describe('small wire details a v0.50 node has', () => {
  it('redirects non-canonical paths with a 301 to the cleaned path, query kept', async () => {
    // Sent raw: a browser or fetch would clean `.` and `..` segments itself before sending.
    for (const path of [`${G}//group_info/1`, `${G}/./group_info/1`, `${G}/groups/../group_info/1`]) {
      const response = await rawGet(`${path}?pagination.limit=1`);
      expect(response.status).toBe(301);
      expect(response.location).toBe(`${G}/group_info/1?pagination.limit=1`);
      expect(response.body).toBe('');
    }
  });

  it('refuses a message field given as a scalar', async () => {
    const response = await h.get(`${G}/groups?pagination=1`);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      code: 3,
      message: 'field type *query.PageRequest is not supported in query parameters',
      details: [],
    });
  });

  it('answers a non-numeric height header with baseapp’s 500', async () => {
    const response = await h.get(`${G}/group_info/1`, { headers: { 'x-cosmos-block-height': 'abc' } });
    expect(response.status).toBe(500);
    expect(response.json).toEqual({
      code: 2,
      message:
        'codespace sdk code 18: invalid request: Baseapp.RegisterGRPCServer: invalid height header ' +
        '"x-cosmos-block-height": strconv.ParseInt: parsing "abc": invalid syntax',
      details: [],
    });
  });

  it('keeper errors carry the height and codec metadata like answers do', async () => {
    const response = await h.get(`${G}/group_info/999`);
    expect(response.status).toBe(500);
    expect(response.headers.get('grpc-metadata-x-cosmos-block-height')).toBe(String(h.node.height));
    expect(response.headers.get('grpc-metadata-content-type')).toBe('application/grpc+cosmos-sdk-grpc-codec');
    const parseError = await h.get(`${G}/group_info/abc`);
    expect(parseError.headers.get('grpc-metadata-x-cosmos-block-height')).toBeNull();
  });

  it('prints every chain time with nine fractional digits', async () => {
    const response = await h.get(`${G}/groups?pagination.limit=200`);
    const times = response.text.match(/"created_at":"[^"]+"/g) ?? [];
    expect(times.length).toBeGreaterThan(30);
    for (const time of times) expect(time).toMatch(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z"$/);
  });
});
