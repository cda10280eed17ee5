import http from 'node:http';
import https from 'node:https';

// The follower makes a thousand small GETs a second to one node while catching up. The global
// fetch spends more of the follower's one thread per request (streams, Headers objects) than
// the request itself; plain http with kept-alive connections does not.

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }),
};

export interface HttpAnswer {
  status: number;
  text: string;
}

/** GETs `url` with `headers`; rejects on a network failure or when `timeoutMs` passes. */
export function httpGet(url: string, headers: Record<string, string>, timeoutMs: number): Promise<HttpAnswer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
  return new Promise((resolve, reject) => {
    const request = client.get(target, { headers, agent, signal: AbortSignal.timeout(timeoutMs) }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
