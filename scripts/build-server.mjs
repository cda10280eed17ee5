// Compiles the service (and the bench's standalone follower) ahead of time into dist-server/,
// so `npm start` runs plain JavaScript: no TypeScript loader thread beside the service, which
// costs about 50 MB of memory and its start-up. Packages stay imports from node_modules.
import { build } from 'esbuild';

const entries = {
  main: 'server/main.ts',
  'follower-process': 'server/bench/follower-process.ts',
  // The embedded PostgreSQL's thread, started by the archive from beside the compiled service.
  'pglite-worker': 'server/archive/store/db/pglite-worker.ts',
  // Creates a new embedded archive database, in a process that ends (see pglite-database.ts).
  'pglite-create': 'server/archive/store/db/pglite-create.ts',
  // The threads that share the hashing of a large state's store trees at start (tree-hash-threads.ts).
  'tree-hash-worker': 'server/node/store/tree-hash-worker.ts',
};

await build({
  entryPoints: entries,
  outdir: 'dist-server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(
  `service compiled: ${Object.keys(entries)
    .map((name) => `dist-server/${name}.mjs`)
    .join(', ')}`,
);
