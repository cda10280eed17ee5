import { createHash } from 'node:crypto';
import {
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import { createPglite } from './db/pglite-database.ts';
import { schemaStatements } from './schema.ts';

// Every new embedded archive is the same bytes: an empty PostgreSQL with every migration run.
// Making one runs initdb in WASM (1.3–1.8 s); starting from a dump of one takes 0.3–0.5 s. The
// first archive a process makes is dumped and kept — in memory, and on disk under the project's
// node_modules/.cache (where the tests' processes and the next `npm start` find it) — keyed by
// PGlite's version and the schema's statements, so a template of another schema is never used.
// A file's name carries the SHA-256 of its content: a damaged one is passed over, not loaded.
// Loading the dump still costs about a second (PGlite unpacks it inside WASM); opening a closed
// directory costs a third of that. So the template is also unpacked once, by a process of its own
// after an archive opened, into a directory named after the dump: a new archive in a directory is
// then a plain file copy of it (44 MB, under 0.1 s), and answers about as soon as an old one.

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

function pgliteVersion(): string | null {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    for (let folder = dirname(entry); folder !== dirname(folder); folder = dirname(folder)) {
      const manifest = join(folder, 'package.json');
      if (!existsSync(manifest)) continue;
      const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && 'name' in parsed && parsed.name === '@electric-sql/pglite')
        return 'version' in parsed && typeof parsed.version === 'string' ? parsed.version : null;
    }
  } catch {
    // No readable manifest: the template is then kept in memory only.
  }
  return null;
}

let key: string | null = null;
/** What a template must have been made from to be used: PGlite's version and every migration. */
function templateKey(): string {
  key ??= sha256([pgliteVersion() ?? 'unknown', ...schemaStatements()].join('\n')).slice(0, 16);
  return key;
}

/** Where templates are kept on disk: POLITY_CACHE_DIR, else the project's node_modules/.cache; null for nowhere. */
function cacheFolder(): string | null {
  if (process.env.POLITY_CACHE_DIR) return process.env.POLITY_CACHE_DIR;
  if (pgliteVersion() === null) return null;
  const modules = join(process.cwd(), 'node_modules');
  return existsSync(modules) ? join(modules, '.cache', 'polity') : null;
}

/** The templates of this schema: the one this process made or found, and those in a folder. */
export class ArchiveTemplates {
  private kept: Uint8Array<ArrayBuffer> | null = null;
  /** The kept dump's file in the folder, once found or written there. */
  private keptFile: string | null = null;
  private unpacking: Promise<void> | null = null;

  constructor(private readonly folder: string | null) {}

  private get prefix() {
    return `archive-template-${templateKey()}.`;
  }

  /** The template of this schema, if one was made: in this process, or on disk with its content intact. */
  find(): Uint8Array<ArrayBuffer> | null {
    if (this.kept) return this.kept;
    if (!this.folder || !existsSync(this.folder)) return null;
    // Sorted: two processes that each made one find the same template.
    for (const name of readdirSync(this.folder).sort()) {
      if (!name.startsWith(this.prefix) || !name.endsWith('.tgz')) continue;
      try {
        const bytes = new Uint8Array(readFileSync(join(this.folder, name)));
        if (`${this.prefix}${sha256(bytes)}.tgz` !== name) continue;
        this.keptFile = join(this.folder, name);
        return (this.kept = bytes);
      } catch {
        // Unreadable: passed over like a damaged one; a new archive is then made from scratch.
      }
    }
    return null;
  }

  /** Keeps the dump of a new, migrated archive for the next ones (a failed write only costs time). */
  keep(bytes: Uint8Array<ArrayBuffer>): void {
    this.kept = bytes;
    if (!this.folder) return;
    try {
      mkdirSync(this.folder, { recursive: true });
      const name = join(this.folder, `${this.prefix}${sha256(bytes)}.tgz`);
      if (!existsSync(name)) {
        // Written aside and renamed: a process that reads it meanwhile sees all of it or none.
        const partial = `${name}.${process.pid}.partial`;
        writeFileSync(partial, bytes);
        renameSync(partial, name);
      }
      this.keptFile = name;
    } catch {
      // A read-only project or a full disk: the next process makes its own.
    }
  }

  /**
   * Makes `dataDir` a copy of the unpacked template, when there is one and `dataDir` is absent or
   * empty. False when it did not: the archive is then made from the dump.
   */
  async copyUnpackedTo(dataDir: string): Promise<boolean> {
    const unpacked = this.keptFile && `${this.keptFile.slice(0, -'.tgz'.length)}.dir`;
    if (!unpacked || !existsSync(join(unpacked, 'PG_VERSION'))) return false;
    if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
    // Copied aside and renamed: an archive directory is never left half copied.
    const partial = `${dataDir}.${process.pid}.partial`;
    try {
      await copyTree(unpacked, partial);
      if (existsSync(dataDir)) rmdirSync(dataDir);
      renameSync(partial, dataDir);
      return true;
    } catch {
      await rm(partial, { recursive: true, force: true });
      return false;
    }
  }

  /** Unpacks the kept dump into a directory beside it, once, in the background; never fails. */
  unpackInBackground(): Promise<void> {
    const dump = this.keptFile;
    if (!dump || this.unpacking) return this.unpacking ?? Promise.resolve();
    const unpacked = `${dump.slice(0, -'.tgz'.length)}.dir`;
    if (existsSync(unpacked)) return Promise.resolve();
    const partial = `${unpacked}.${process.pid}.partial`;
    this.unpacking = createPglite(partial, dump)
      .then(() => renameSync(partial, unpacked))
      // Another process unpacked it first, or the disk refused: the dump still serves.
      .catch(() => rmSync(partial, { recursive: true, force: true }));
    return this.unpacking;
  }
}

/**
 * A file-by-file copy off the event loop, a directory's files at once: some 0.1 s for the
 * template's 1,100 files, where `cpSync` held the event loop 0.7 s (the first API answers waited).
 */
async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to);
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) => {
      const source = join(from, entry.name);
      const target = join(to, entry.name);
      return entry.isDirectory() ? copyTree(source, target) : copyFile(source, target, constants.COPYFILE_EXCL);
    }),
  );
}

/** This process's templates, kept where its project keeps caches. */
export const archiveTemplates = new ArchiveTemplates(cacheFolder());
