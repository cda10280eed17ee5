import { createHmac } from 'node:crypto';

import { chatSafe } from './chat-text.ts';

// One delivery attempt: the event's body POSTed as JSON, with its id (the receiver dedupes by it)
// and, given a secret, an HMAC-SHA256 of the exact body. Only a 2xx answer counts as delivered;
// anything else — another status, a refused connection, no answer within the timeout — is a
// failure that is retried.

export type PostOutcome =
  | { delivered: true }
  /** `stopped`: the process is stopping; the attempt says nothing about the receiver. */
  | { delivered: false; error: string; stopped: boolean };

/** The signature header's value: `sha256=` and the hex HMAC-SHA256 of the body under the secret. */
export const signatureOf = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** The error's own code (ECONNREFUSED …) when fetch wraps one, else its message. */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** A receiver URL with credentials (`https://user:pass@host/…`) sends them as Basic auth, as fetch will not. */
function target(url: string, headers: Record<string, string>): string {
  const parsed = new URL(url);
  if (parsed.username === '' && parsed.password === '') return url;
  const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  headers.Authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}

/** The start of an answer's body (a receiver may send an endless one). */
async function opening(response: Response, bytes: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < bytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
    }
  } catch {
    // What arrived before the failure is enough to show.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, bytes).toString('utf8');
}

export async function postEvent(
  url: string,
  event: { id: string; body: string },
  options: { secret: string | null; timeoutMs: number; stopping: AbortSignal },
): Promise<PostOutcome> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'Polity-Webhook/1',
    'Polity-Event-Id': event.id,
  };
  if (options.secret !== null) headers['X-Polity-Signature'] = signatureOf(options.secret, event.body);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await fetch(target(url, headers), {
      method: 'POST',
      headers,
      body: event.body,
      // A redirect is the receiver's answer, not an address to send the event to instead.
      redirect: 'manual',
      signal: AbortSignal.any([timeout, options.stopping]),
    });
    if (response.status >= 200 && response.status < 300) {
      await response.body?.cancel().catch(() => undefined);
      return { delivered: true };
    }
    // What the receiver said helps whoever reads the status, but it is the receiver's text: kept short.
    const said = chatSafe(await opening(response, 1024), 120);
    return { delivered: false, error: `HTTP ${response.status}${said === '' ? '' : `: ${said}`}`, stopped: false };
  } catch (error) {
    if (options.stopping.aborted) return { delivered: false, error: 'stopped', stopped: true };
    if (timeout.aborted)
      return { delivered: false, error: `no answer within ${options.timeoutMs / 1000} s`, stopped: false };
    return { delivered: false, error: `could not be reached (${chatSafe(reasonOf(error), 120)})`, stopped: false };
  }
}
