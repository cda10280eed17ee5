import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

import type { PgliteFailure, PgliteReply, PgliteRequest, PgliteWorkerData } from './pglite-protocol.ts';
import {
  inTransaction,
  plainSchemaName,
  type Row,
  type SqlDatabase,
  type SqlExecutor,
  type SqlValue,
} from './sql-database.ts';

type Ask =
  | { kind: 'query'; sql: string; params: readonly SqlValue[] }
  | { kind: 'exec'; sql: string }
  | { kind: 'dump' }
  | { kind: 'close' };

/** The embedded database, which can also be dumped whole (a gzipped tar PGlite can start from). */
export interface PgliteDatabase extends SqlDatabase {
  dump(): Promise<Uint8Array<ArrayBuffer>>;
}

class PgliteError extends Error {
  readonly code?: string;
  readonly detail?: string;

  constructor(failure: PgliteFailure) {
    super(failure.message);
    this.name = 'PgliteError';
    this.code = failure.code;
    this.detail = failure.detail;
  }
}

/**
 * Run from the TypeScript sources (tests, `npm run serve`), the worker starts through a loader
 * for its .ts file; compiled into dist-server/, it is the .mjs built beside the service.
 */
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const WORKER_FILE = FROM_SOURCES
  ? new URL('./pglite-worker-from-sources.mjs', import.meta.url)
  : new URL('./pglite-worker.mjs', import.meta.url);
const CREATE_FILE = new URL(FROM_SOURCES ? './pglite-create.ts' : './pglite-create.mjs', import.meta.url);

/**
 * The embedded PostgreSQL (WASM) on a thread of its own: data under `dataDir`, or in memory when it
 * is omitted. A new database starts from `template` when one is given (a dump: no initdb).
 */
export async function openPglite(dataDir?: string, template?: Uint8Array<ArrayBuffer>): Promise<PgliteDatabase> {
  const created = isNewPglite(dataDir);
  if (created && template) return pgliteThread(dataDir, template);
  if (created && dataDir !== undefined) await createPglite(dataDir);
  return pgliteThread(dataDir);
}

/** Whether `openPglite` would make a new database there (a directory without one, or memory). */
export const isNewPglite = (dataDir?: string) => dataDir === undefined || !existsSync(join(dataDir, 'PG_VERSION'));

/**
 * Creating a database runs initdb in WASM memory that PGlite keeps mapped for the life of the
 * process (some 450 MB resident; a thread that ends leaves about 150 MB of it behind): a process of its
 * own creates it, and the archive opens what it made.
 */
export function createPglite(dataDir: string, templateFile?: string): Promise<void> {
  const loader = FROM_SOURCES ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];
  const template = templateFile === undefined ? [] : [templateFile];
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [...loader, fileURLToPath(CREATE_FILE), dataDir, ...template],
      (error, stdout, stderr) => {
        if (!error) return resolve();
        const failure = parseFailure(stdout) ?? { message: lastErrorLine(stderr) ?? error.message };
        reject(new Error(`could not open the embedded archive database in ${dataDir}: ${failure.message}`));
      },
    ),
  );
}

/** The failure the creating process printed: its last line of output. */
function parseFailure(output: string): PgliteFailure | null {
  try {
    const parsed: unknown = JSON.parse(output.trim().split('\n').pop() ?? '');
    return typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string'
      ? { message: parsed.message }
      : null;
  } catch {
    return null;
  }
}

/** An uncaught error's own line of what a process wrote on stderr (Node ends it with its version). */
function lastErrorLine(stderr: string): string | null {
  const lines = stderr.split('\n').map((line) => line.trim());
  return (
    lines.find((line) => /^[A-Za-z]*Error\b/.test(line)) ??
    lines.filter((line) => line && !/^Node\.js v/.test(line)).pop() ??
    null
  );
}

async function pgliteThread(dataDir?: string, template?: Uint8Array<ArrayBuffer>): Promise<PgliteDatabase> {
  const worker = new Worker(WORKER_FILE, {
    workerData: { dataDir: dataDir ?? null, template: template ?? null } satisfies PgliteWorkerData,
    // The thread keeps little alive (a statement's rows, briefly); V8's default young generation
    // of up to 48 MB would sit mostly empty, as resident memory, beside PostgreSQL's own.
    resourceLimits: { maxYoungGenerationSizeMb: 6 },
  });
  const where = dataDir ? `the embedded archive database in ${dataDir}` : 'the in-memory archive database';
  type Answer = Extract<PgliteReply, { kind: 'rows' | 'dump' }>;
  const waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  /** Set once the thread is gone: every later ask fails with it instead of waiting forever. */
  let gone: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      gone ??= error;
      reject(error);
      for (const pending of waiting.values()) pending.reject(error);
      waiting.clear();
    };
    worker.on('message', (message: PgliteReply) => {
      if (message.kind === 'ready') return resolve();
      if (message.kind === 'failed') {
        fail(new Error(`could not open ${where}: ${message.failure.message}`));
        return void worker.terminate();
      }
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.kind === 'error') pending?.reject(new PgliteError(message.failure));
      else pending?.resolve(message);
    });
    worker.on('error', (error) => fail(new Error(`${where} stopped: ${error.message}`)));
    worker.on('exit', (code) =>
      fail(new Error(`${where} is closed${code === 0 ? '' : ` (its thread exited with ${code})`}`)),
    );
  });
  await ready;

  const ask = (request: Ask): Promise<Answer> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<Answer>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } satisfies PgliteRequest);
    });
  };
  const direct: SqlExecutor = {
    query: async <T extends Row = Row>(sql: string, params: readonly SqlValue[] = []) => {
      const answer = await ask({ kind: 'query', sql, params });
      return (answer.kind === 'rows' ? answer.rows : []) as T[];
    },
  };

  // One session serves every caller, so a transaction holds everything else back until it ends:
  // nothing from outside may run between its BEGIN and its COMMIT.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(work, work);
    queue = turn.catch(() => undefined);
    return turn;
  };

  const database: PgliteDatabase = {
    kind: 'pglite',
    dump: () =>
      inTurn(async () => {
        const answer = await ask({ kind: 'dump' });
        if (answer.kind !== 'dump') throw new Error(`${where} answered a dump with rows`);
        return answer.bytes;
      }),
    query: (sql, params) => inTurn(() => direct.query(sql, params)),
    transaction: (work) => inTurn(() => inTransaction(direct, work)),
    exec: (sql) => inTurn(async () => void (await ask({ kind: 'exec', sql }))),
    inSchema: async (schema) => {
      await database.query(`CREATE SCHEMA IF NOT EXISTS ${plainSchemaName(schema)}`);
      return pgliteSchemaView(database, schema);
    },
    close: () =>
      inTurn(async () => {
        if (gone) return;
        await ask({ kind: 'close' });
        gone = new Error(`${where} is closed`);
        await worker.terminate();
      }),
  };
  return database;
}

/**
 * One PGlite session serves every caller, so another schema cannot be a session setting: each of
 * the view's statements runs in a transaction of its own that names the schema (SET LOCAL ends
 * with it), and the rest of the process keeps its own.
 */
function pgliteSchemaView(database: SqlDatabase, schema: string): SqlDatabase {
  const scoped = <T>(work: (tx: SqlExecutor) => Promise<T>) =>
    database.transaction(async (tx) => {
      await tx.query(`SET LOCAL search_path TO ${schema}`);
      return work(tx);
    });
  return {
    kind: 'pglite',
    query: (sql, params) => scoped((tx) => tx.query(sql, params)),
    transaction: scoped,
    exec: async (sql) => {
      await scoped((tx) => tx.query(sql));
    },
    inSchema: (other) => database.inSchema(other),
    close: async () => undefined,
  };
}
