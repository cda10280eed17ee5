import {
  closeSync,
  fdatasyncSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';

/**
 * Every write the chain's files make, behind one seam, so tests can make the disk fail (full,
 * read-only) without a real small filesystem. Each call returns only once its bytes are on the
 * disk: what it wrote survives a power loss.
 */
export interface DurableWriter {
  /** Writes `text` at byte `offset` of an existing file, cuts the file right after it, syncs it. */
  writeAt(path: string, offset: number, text: string): void;
  /** Cuts the file to `length` bytes and syncs it. */
  truncate(path: string, length: number): void;
  /** Replaces a whole file through `path.tmp` (removed again when anything fails) and a rename. */
  replaceFile(path: string, text: string | Uint8Array): void;
  /** Renames a file (in the same directory tree) and syncs the directory. */
  move(from: string, to: string): void;
}

/** The directory entry (a new or renamed file) is itself data a power loss can lose. */
function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export const fsWriter: DurableWriter = {
  writeAt(path, offset, text) {
    const bytes = Buffer.from(text);
    const fd = openSync(path, 'r+');
    try {
      // Positional writes, not append mode: a retry after a partial write overwrites the partial
      // bytes instead of continuing on the same line.
      let written = 0;
      while (written < bytes.length) {
        written += writeSync(fd, bytes, written, bytes.length - written, offset + written);
      }
      ftruncateSync(fd, offset + bytes.length);
      fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
  },

  truncate(path, length) {
    const fd = openSync(path, 'r+');
    try {
      ftruncateSync(fd, length);
      fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
  },

  replaceFile(path, text) {
    const temporary = `${path}.tmp`;
    try {
      const fd = openSync(temporary, 'w');
      try {
        writeFileSync(fd, text);
        fdatasyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, path);
      syncDirectory(dirname(path));
    } catch (error) {
      throw withTemporaryRemoved(error, temporary);
    }
  },

  move(from, to) {
    renameSync(from, to);
    syncDirectory(dirname(to));
  },
};

/** Removes a half-written temporary file; the error says whether that worked. */
export function withTemporaryRemoved(error: unknown, temporary: string): Error {
  const failure = error instanceof Error ? error : new Error(String(error));
  try {
    rmSync(temporary, { force: true });
  } catch (removal) {
    failure.message += `; ${temporary} could not be removed (${reasonOf(removal)})`;
  }
  return failure;
}

export const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One kind of write that can start and stop failing: the operator hears once when it starts
 * failing and once when it works again, for every episode (not once per process).
 */
export class FailureEpisodes {
  private failedAttempts = 0;

  get failing(): boolean {
    return this.failedAttempts > 0;
  }

  failed(describe: () => string): void {
    if (this.failedAttempts === 0) console.error(describe());
    this.failedAttempts++;
  }

  succeeded(describe: (failedAttempts: number) => string): void {
    if (this.failedAttempts > 0) console.log(describe(this.failedAttempts));
    this.failedAttempts = 0;
  }
}
