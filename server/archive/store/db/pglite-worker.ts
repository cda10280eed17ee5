// The embedded PostgreSQL's own thread: opens PGlite and runs what the archive's thread asks, in
// the order asked (transactions are kept whole by the asking side, which holds back other work).

import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';

import { describeFailure, type PgliteReply, type PgliteRequest, type PgliteWorkerData } from './pglite-protocol.ts';
import type { Row } from './sql-database.ts';

// PostgreSQL's WASM is large, and by default V8 recompiles whatever runs hot in it with its
// optimising compiler, on background threads, after every start: for the first seconds of a
// catch-up that takes more CPU than the archive itself, and holds some 45 MB. Kept at V8's
// baseline code, a catch-up of 1,500 blocks right after start ran about 15 % faster and one of
// 7,500 blocks within 5 % (`npm run bench:archive`). The flag is the process's, and PostgreSQL
// is the only WASM in it; it must be set before PGlite compiles.
setFlagsFromString('--liftoff-only');
const { PGlite, types } = await import('@electric-sql/pglite');
type PGlite = InstanceType<typeof PGlite>;

// Keep every integer and timestamp as text, as `pg` is configured to: ids are uint64 and must
// never become JavaScript numbers. Given once here: given per query, PGlite merges them into its
// own table again for every statement.
const AS_TEXT = Object.fromEntries(
  [types.INT8, types.NUMERIC, types.TIMESTAMPTZ, types.TIMESTAMP].map((oid) => [oid, (value: string) => value]),
);

if (!parentPort) throw new Error('pglite-worker runs as a worker thread of the archive');
const port = parentPort;
const { dataDir, template } = workerData as PgliteWorkerData;
const reply = (message: PgliteReply) => port.postMessage(message);

// PostgreSQL's default 128 MB of shared buffers sits inside the WASM heap on top of the OS page
// cache that already holds the files; a small pool keeps the embedded archive's memory low.
// A template (an empty, migrated archive dumped once) skips initdb: 0.3–0.5 s to open instead of 1.3–1.8 s.
const options = {
  postgresqlconf: ['shared_buffers=16MB'],
  parsers: AS_TEXT,
  ...(template ? { loadDataDir: new Blob([template]) } : {}),
};

async function open(): Promise<PGlite | null> {
  try {
    const opened = dataDir === null ? new PGlite(options) : new PGlite(dataDir, options);
    await opened.waitReady;
    reply({ kind: 'ready' });
    return opened;
  } catch (error) {
    reply({ kind: 'failed', failure: describeFailure(error) });
    port.close();
    return null;
  }
}

const opened = await open();
if (opened) port.on('message', (request: PgliteRequest) => void answer(opened, request));

async function answer(db: PGlite, request: PgliteRequest): Promise<void> {
  try {
    if (request.kind === 'query') {
      const result = await db.query<Row>(request.sql, [...request.params]);
      reply({ id: request.id, kind: 'rows', rows: result.rows });
    } else if (request.kind === 'exec') {
      await db.exec(request.sql);
      reply({ id: request.id, kind: 'rows', rows: [] });
    } else if (request.kind === 'dump') {
      const dumped = await db.dumpDataDir('gzip');
      reply({ id: request.id, kind: 'dump', bytes: new Uint8Array(await dumped.arrayBuffer()) });
    } else {
      await db.close();
      reply({ id: request.id, kind: 'rows', rows: [] });
      port.close();
    }
  } catch (error) {
    reply({ id: request.id, kind: 'error', failure: describeFailure(error) });
  }
}
