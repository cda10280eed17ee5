// Creates an embedded archive database, in a process of its own: `node pglite-create.mjs DIR
// [TEMPLATE.tgz]` (from a template's dump when one is named: how a template is unpacked).
// PGlite runs initdb in WASM memory that stays mapped for as long as the process lives (a thread
// that ends does not give it all back either: about 150 MB stays resident); a process that reopens
// the created directory starts at under 100 MB. Prints nothing when the database is made, and
// one JSON line (PgliteFailure) on stdout when it cannot be.

import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

import { describeFailure } from './pglite-protocol.ts';

// Baseline code only, as on the database's own thread: initdb runs once, and optimising its hot
// WASM functions costs more than it saves.
setFlagsFromString('--liftoff-only');

const [dataDir, templateFile] = process.argv.slice(2);
try {
  const { PGlite } = await import('@electric-sql/pglite');
  const options = templateFile ? { loadDataDir: new Blob([readFileSync(templateFile)]) } : {};
  const created = new PGlite(dataDir, options);
  await created.waitReady;
  await created.close();
} catch (error) {
  process.stdout.write(`${JSON.stringify(describeFailure(error))}\n`);
  process.exitCode = 1;
}
