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

/**
 * The largest answer read when no other bound is given: a page of records, a block's results,
 * a proof. A node sending more is refused as it arrives (a 300 MB answer once took the process
 * from 335 MB to 1.2 GB before anything looked at it).
 */
export const DEFAULT_MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** An answer larger than the read can legitimately be: a fault of the node, named. */
export class AnswerTooLargeError extends Error {}
const MAX_REDIRECTS = 3;

export interface HttpAnswer {
  status: number;
  text: string;
  /** The height a Cosmos SDK node says it answered at (`x-cosmos-block-height`), when it says. */
  blockHeight?: string;
}

/**
 * GETs `url` with `headers`; rejects on a network failure, when `timeoutMs` passes, or when the
 * answer grows past `maxBytes` (refused as it arrives, never held whole).
 */
export async function httpGet(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  maxBytes = DEFAULT_MAX_ANSWER_BYTES,
): Promise<HttpAnswer> {
  const deadline = AbortSignal.timeout(timeoutMs);
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    const answer = await getOnce(target, headers, deadline, timeoutMs, maxBytes);
    if (!REDIRECTS.has(answer.status) || answer.location === undefined || hop >= MAX_REDIRECTS) return answer;
    target = new URL(answer.location, target);
  }
}

/**
 * POSTs `body` (JSON) to `url`, with the same deadline and size bound as a GET; redirects are not
 * followed (a JSON-RPC endpoint that moves is answered by the GETs that follow).
 */
export function httpPostJson(url: string, body: string, timeoutMs: number, maxBytes = DEFAULT_MAX_ANSWER_BYTES) {
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  return sendOnce(new URL(url), headers, AbortSignal.timeout(timeoutMs), timeoutMs, maxBytes, body);
}

function getOnce(
  target: URL,
  headers: Record<string, string>,
  deadline: AbortSignal,
  timeoutMs: number,
  maxBytes: number,
): Promise<HttpAnswer & { location?: string }> {
  return sendOnce(target, headers, deadline, timeoutMs, maxBytes, null);
}

function sendOnce(
  target: URL,
  headers: Record<string, string>,
  deadline: AbortSignal,
  timeoutMs: number,
  maxBytes: number,
  body: string | null,
): Promise<HttpAnswer & { location?: string }> {
  const secure = target.protocol === 'https:';
  const client = secure ? https : http;
  return new Promise((resolve, reject) => {
    const fail = (error: Error) =>
      reject(deadline.aborted ? new Error(`no complete answer within ${timeoutMs} ms from ${target.host}`) : error);
    const request = client.request(
      target,
      {
        method: body === null ? 'GET' : 'POST',
        headers: body === null ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: secure ? agents.https : agents.http,
        signal: deadline,
      },
      (response) => {
        const tooLarge = () => {
          request.destroy();
          reject(
            new AnswerTooLargeError(
              `the answer from ${target.host}${target.pathname} is larger than ${megabytes(maxBytes)}: refused ` +
                '(no answer to this read is that large)',
            ),
          );
        };
        if (Number(response.headers['content-length'] ?? 0) > maxBytes) return tooLarge();
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxBytes) tooLarge();
          else chunks.push(chunk);
        });
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
    request.end(body ?? undefined);
  });
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
