import { readFileSync } from 'node:fs';

// The webhook options as given on the command line (--webhook, --webhook-secret, its file and
// environment variable), checked before anything starts, and the delivery's timings.

export interface WebhookConfig {
  /** Receivers, each sent every event (normalised, without repeats). */
  urls: readonly string[];
  /** Signs each body (`X-Polity-Signature: sha256=…`) when set. */
  secret: string | null;
  /** How long one POST may take before it counts as failed. */
  timeoutMs: number;
  /** The first retry's delay, doubled per failed attempt up to `maxMs` (each ±25 %). */
  retry: { firstMs: number; maxMs: number };
  /** How often a receiver with nothing due looks for new events. */
  pollMs: number;
  /**
   * Processes sharing one database: one of them delivers to a receiver, on a lease renewed every
   * round; another takes over this long after it stops renewing.
   */
  leaseMs: number;
  /**
   * An event being sent is claimed in the database for this long, renewed while its POST is under
   * way; a process that cannot renew its claim in time abandons the POST before anyone may take it.
   */
  claimMs: number;
}

export type WebhookTimings = Pick<WebhookConfig, 'timeoutMs' | 'retry' | 'pollMs' | 'leaseMs' | 'claimMs'>;

export const WEBHOOK_TIMINGS: WebhookTimings = {
  timeoutMs: 10_000,
  // A receiver down for an hour hears again within five minutes of coming back.
  retry: { firstMs: 1000, maxMs: 300_000 },
  pollMs: 1000,
  leaseMs: 30_000,
  // Renewed every third of it: a database that stalls for 20 s stops the sending, not the order.
  claimMs: 20_000,
};

/**
 * A --webhook value as an error message may show it: a `user:password@` becomes `…@` (a message
 * lands in logs and terminals; a receiver's credentials must not).
 */
export function withoutCredentials(text: string): string {
  return JSON.stringify(text.replace(/^([a-zA-Z][a-zA-Z0-9+.-]*:\/*)[^/?#]*@/, '$1…@'));
}

/** One receiver's address: http(s) only, with a host; anything else stops start-up. */
export function parseWebhookUrl(text: string): string {
  const shown = withoutCredentials(text);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--webhook ${shown} is not a URL (give http://… or https://…)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--webhook ${shown}: only http:// and https:// receivers can be sent events`);
  if (url.hostname === '') throw new Error(`--webhook ${shown} names no host`);
  // A fragment is never sent; one in the option is a mistake worth hearing about.
  if (url.hash !== '') throw new Error(`--webhook ${shown}: a receiver URL has no #fragment`);
  return url.href;
}

/** Where the signing secret may come from: the option (seen by `ps`), a file, or the environment. */
export interface SecretSources {
  option: string | undefined;
  file: string | undefined;
  environment: string | undefined;
}

export const SECRET_VARIABLE = 'POLITY_WEBHOOK_SECRET';

/**
 * The webhook secret from the one source given (none: undefined). A file's one trailing line
 * break is not part of it (`echo secret > file` writes one); an unreadable file stops start-up.
 */
export function webhookSecretFrom(sources: SecretSources): string | undefined {
  const given = [
    sources.option !== undefined && '--webhook-secret',
    sources.file !== undefined && '--webhook-secret-file',
    sources.environment !== undefined && SECRET_VARIABLE,
  ].filter((name): name is string => name !== false);
  if (given.length > 1) throw new Error(`give the webhook secret once: ${given.join(' and ')} are both set`);
  if (sources.file === undefined) return sources.option ?? sources.environment;
  let text: string;
  try {
    text = readFileSync(sources.file, 'utf8');
  } catch (error) {
    const why = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new Error(`--webhook-secret-file ${JSON.stringify(sources.file)} cannot be read (${why})`, { cause: error });
  }
  return text.replace(/\r?\n$/, '');
}

/**
 * The webhook options, or null when none are given. `archived` says whether an archive runs:
 * webhooks send its events, so they need one.
 */
export function parseWebhookOptions(
  urls: readonly string[],
  secret: string | undefined,
  archived: boolean,
): WebhookConfig | null {
  if (secret !== undefined && urls.length === 0)
    throw new Error('the webhook secret signs what --webhook sends: give at least one --webhook URL');
  if (secret !== undefined && secret.length === 0) throw new Error('the webhook secret must not be empty');
  if (urls.length === 0) return null;
  const receivers = [...new Set(urls.map(parseWebhookUrl))];
  if (!archived) throw new Error('--webhook sends the archive’s events: it needs the archive (drop --archive off)');
  return { urls: receivers, secret: secret ?? null, ...WEBHOOK_TIMINGS };
}

/** A receiver's address without its path, query or credentials (those often carry its secret token). */
export function receiverLabel(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' && parsed.search === '' ? '/' : '/…'}`;
}
