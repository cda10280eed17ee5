import http from 'node:http';
import https from 'node:https';

// The follower makes a thousand small GETs a second to one node while catching up. The global
// fetch spends more of the follower's one thread per request (streams, Headers objects) than
// the request itself; plain http with kept-alive connections does not. Like fetch, it opens as
// many connections as the reads in flight (the follower's batch bounds them) and follows a few
// redirects, so a deadline counts the node's time, never a queue of our own.

const agents = {
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;

export interface HttpAnswer {
  status: number;
  text: string;
  /** The height a Cosmos SDK node says it answered at (`x-cosmos-block-height`), when it says. */
  blockHeight?: string;
}

/** GETs `url` with `headers`; rejects on a network failure or when `timeoutMs` passes. */
export async function httpGet(url: string, headers: Record<string, string>, timeoutMs: number): Promise<HttpAnswer> {
  const deadline = AbortSignal.timeout(timeoutMs);
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    const answer = await getOnce(target, headers, deadline, timeoutMs);
    if (!REDIRECTS.has(answer.status) || answer.location === undefined || hop >= MAX_REDIRECTS) return answer;
    target = new URL(answer.location, target);
  }
}

function getOnce(
  target: URL,
  headers: Record<string, string>,
  deadline: AbortSignal,
  timeoutMs: number,
): Promise<HttpAnswer & { location?: string }> {
  const secure = target.protocol === 'https:';
  const client = secure ? https : http;
  return new Promise((resolve, reject) => {
    const fail = (error: Error) =>
      reject(deadline.aborted ? new Error(`no complete answer within ${timeoutMs} ms from ${target.host}`) : error);
    const request = client.get(
      target,
      { headers, agent: secure ? agents.https : agents.http, signal: deadline },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            location: response.headers.location,
            blockHeight: headerText(response.headers['x-cosmos-block-height']),
          }),
        );
        response.on('error', fail);
      },
    );
    request.on('error', fail);
  });
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
