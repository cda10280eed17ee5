import { setFlagsFromString } from 'node:v8';

// After each full collection V8 lets the JavaScript heap grow to up to four times what is still
// alive. Polity's service holds little for long (a batch of blocks in flight, a page of rows), but
// allocates quickly while it reads, so by default its heap settles far above what it uses: with
// the embedded archive, a block-by-block backfill of 30,000 blocks peaked at 285–297 MB resident,
// the heap alone at 120 MB for 25 MB alive. Growing by half instead, it peaked at 232 MB, at the
// same rate within the run-to-run spread (`npm run bench:archive`). The flag is the process's
// (the embedded database's thread included), is read at each collection, and can be set at start.

/** Keeps the JavaScript heap within half again of what it holds alive. */
export function keepHeapModest(): void {
  setFlagsFromString('--heap-growing-percent=50');
}
