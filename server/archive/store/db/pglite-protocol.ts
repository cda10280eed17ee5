// What the archive's thread and the embedded PostgreSQL's thread say to each other. PGlite runs
// PostgreSQL as WASM on the thread that calls it; on its own thread, writing one batch no longer
// stops the follower reading and decoding the next, nor the server answering requests.

import type { Row, SqlValue } from './sql-database.ts';

export interface PgliteWorkerData {
  /** The data directory, or null for a database held in memory. */
  dataDir: string | null;
  /** A dumped database (gzipped tar) the new one starts from instead of running initdb; null to run it. */
  template: Uint8Array<ArrayBuffer> | null;
}

export type PgliteRequest =
  | { id: number; kind: 'query'; sql: string; params: readonly SqlValue[] }
  | { id: number; kind: 'exec'; sql: string }
  | { id: number; kind: 'dump' }
  | { id: number; kind: 'close' };

/** PostgreSQL's own fields of an error, kept so a message reads as it would in-thread. */
export interface PgliteFailure {
  message: string;
  code?: string;
  detail?: string;
}

export type PgliteReply =
  | { kind: 'ready' }
  | { kind: 'failed'; failure: PgliteFailure }
  | { id: number; kind: 'rows'; rows: Row[] }
  | { id: number; kind: 'dump'; bytes: Uint8Array<ArrayBuffer> }
  | { id: number; kind: 'error'; failure: PgliteFailure };

/** The WASM file system's errors carry only a WASI number: the common ones, in words. */
const FILE_SYSTEM_ERRORS: Record<number, string> = {
  2: 'permission denied',
  31: 'is a directory',
  44: 'no such file or directory',
  51: 'no space left on the device',
  54: 'not a directory',
  69: 'read-only file system',
};

export function describeFailure(error: unknown): PgliteFailure {
  if (typeof error === 'object' && error !== null && 'errno' in error && typeof error.errno === 'number') {
    return { message: `file system error: ${FILE_SYSTEM_ERRORS[error.errno] ?? `errno ${error.errno}`}` };
  }
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = error as Error & { code?: unknown; detail?: unknown };
  return {
    message: error.message,
    ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
    ...(typeof fields.detail === 'string' ? { detail: fields.detail } : {}),
  };
}
