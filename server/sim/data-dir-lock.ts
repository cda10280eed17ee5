import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

import { ChainDataError } from './data-dir.ts';
import { reasonOf } from './durable-writer.ts';

// Two processes appending to one blocks.log (or opening one PGlite directory) would interleave
// blocks and corrupt both. The lock is a file holding the owner's pid, created exclusively; a
// lock whose process is gone (kill -9, power loss) is taken over, and says so.

export const LOCK_NAME = 'polity.lock';

export interface DataDirLock {
  path: string;
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, which still holds the lock.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(path: string): number | null {
  try {
    const text = readFileSync(path, 'utf8').trim();
    return /^\d+$/.test(text) ? Number(text) : null;
  } catch {
    return null;
  }
}

function create(path: string): boolean {
  let handle: number;
  try {
    handle = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new ChainDataError(`cannot create the lock ${path} (${reasonOf(error)}): make the data dir writable`);
  }
  try {
    writeSync(handle, `${process.pid}\n`);
  } finally {
    closeSync(handle);
  }
  return true;
}

/** Claims `dir` for this process, or stops start-up naming the process that holds it. */
export function lockDataDir(dir: string, log: (line: string) => void = console.warn): DataDirLock {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new ChainDataError(`cannot create the data dir ${dir} (${reasonOf(error)}): choose another --data-dir`);
  }
  const path = join(dir, LOCK_NAME);
  for (let attempt = 0; attempt < 2; attempt++) {
    if (create(path)) {
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        process.off('exit', release);
        if (ownerOf(path) === process.pid) rmSync(path, { force: true });
      };
      process.on('exit', release);
      return { path, release };
    }
    const owner = ownerOf(path);
    if (owner !== null && owner !== process.pid && isRunning(owner)) {
      throw new ChainDataError(
        `${dir} is in use by another Polity (process ${owner}, see ${path}): stop it first, or choose another --data-dir`,
      );
    }
    log(
      `${path}: taking over the lock of process ${owner ?? '(unreadable)'}, which is no longer running ` +
        `(it was killed or the machine restarted)`,
    );
    rmSync(path, { force: true });
  }
  throw new ChainDataError(`${path}: another process claimed the data dir at the same moment; start again`);
}
