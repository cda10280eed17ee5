import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { ChainDataError } from './data-dir.ts';
import { reasonOf } from './durable-writer.ts';

// Two processes appending to one blocks.log (or opening one PGlite directory) would interleave
// blocks and corrupt both. The lock is a file holding the owner's pid, created exclusively; a
// lock whose process is gone (kill -9, power loss) is taken over, and says so; one that names
// no process (written by hand) is not guessed about.

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

/**
 * Creates the lock with this process's id already in it: written to a file of its own first, then
 * linked to the lock's name, which fails if the name exists. A rival never sees a lock without
 * its owner.
 */
function create(path: string): boolean {
  const own = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(own, `${process.pid}\n`);
  } catch (error) {
    throw new ChainDataError(`cannot create the lock ${path} (${reasonOf(error)}): make the data dir writable`);
  }
  try {
    linkSync(own, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new ChainDataError(`cannot create the lock ${path} (${reasonOf(error)}): make the data dir writable`);
  } finally {
    rmSync(own, { force: true });
  }
}

/** Moves a dead owner's lock aside before removing it: of two processes taking over, one wins. */
function takeOver(path: string): void {
  const aside = `${path}.stale.${process.pid}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // another process took it first
    throw new ChainDataError(`cannot replace the stale lock ${path} (${reasonOf(error)})`);
  }
  rmSync(aside, { force: true });
}

/** Claims `dir` for this process, or stops start-up naming the process that holds it. */
export function lockDataDir(dir: string, log: (line: string) => void = console.warn): DataDirLock {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new ChainDataError(`cannot create the data dir ${dir} (${reasonOf(error)}): choose another --data-dir`);
  }
  const path = join(dir, LOCK_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
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
    if (owner === null) {
      throw new ChainDataError(
        `${path} does not name the process holding ${dir}: if no Polity is running on it, remove that file`,
      );
    }
    log(
      `${path}: taking over the lock of process ${owner}, which is no longer running ` +
        `(it was killed or the machine restarted)`,
    );
    takeOver(path);
  }
  throw new ChainDataError(`${path}: another process claimed the data dir at the same moment; start again`);
}
