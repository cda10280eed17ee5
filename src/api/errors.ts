// Errors a page can act on. Real nodes send "not found" as HTTP 500 with gRPC code 2, so the
// class comes from the body, not from the status alone.

type ApiErrorKind = 'not-found' | 'bad-request' | 'unsupported' | 'unreachable' | 'timeout' | 'server' | 'contract';

export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  /** Whether asking again can give a different answer. */
  abstract readonly retryable: boolean;
  constructor(
    message: string,
    readonly endpoint: string,
    readonly status?: number,
    readonly code?: number,
  ) {
    super(message);
  }
}

export class NotFoundError extends ApiError {
  readonly kind = 'not-found';
  readonly retryable = false;
}

export class BadRequestError extends ApiError {
  readonly kind = 'bad-request';
  readonly retryable = false;
}

/** 501: the server does not serve this route (not a Cosmos node, or the module is missing). */
export class UnsupportedError extends ApiError {
  readonly kind = 'unsupported';
  readonly retryable = false;
}

/** The request never got an answer: server down, wrong URL, or a CORS refusal. */
export class UnreachableError extends ApiError {
  readonly kind = 'unreachable';
  readonly retryable = true;
}

export class TimeoutError extends ApiError {
  readonly kind = 'timeout';
  readonly retryable = true;
}

export class ServerError extends ApiError {
  readonly kind = 'server';
  readonly retryable = true;
}

/** The answer does not match the API's schema: retrying will not help. */
export class ContractError extends ApiError {
  readonly kind = 'contract';
  readonly retryable = false;
}

// Messages of gRPC Unknown (HTTP 500) errors that are really about the input.
const BAD_INPUT = [
  /decoding bech32 failed/,
  /hrp does not match bech32 prefix/,
  /empty address string is not allowed/,
  /addresses cannot be empty|address max length/,
  /either offset or key is expected/,
  /invalid value: can't get the tally/,
  /invalid height/,
  /invalid request/,
];

/** Classifies a non-2xx response from its status and gateway body `{code, message}`. */
export function classifyHttpError(endpoint: string, status: number, body: unknown): ApiError {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof fields.code === 'number' ? fields.code : undefined;
  const message = typeof fields.message === 'string' ? fields.message : `HTTP ${status}`;
  if (status === 404 || code === 5 || /\bnot found\b/i.test(message))
    return new NotFoundError(message, endpoint, status, code);
  if (status === 400 || code === 3) return new BadRequestError(message, endpoint, status, code);
  if (status === 501 || code === 12) return new UnsupportedError(message, endpoint, status, code);
  if (code === 2 && BAD_INPUT.some((re) => re.test(message)))
    return new BadRequestError(message, endpoint, status, code);
  if (status === 502 || status === 503 || status === 504) return new UnreachableError(message, endpoint, status, code);
  return new ServerError(message, endpoint, status, code);
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** TanStack Query retry policy: only what can succeed on retry, at most twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return isApiError(error) && error.retryable && failureCount < 2;
}
