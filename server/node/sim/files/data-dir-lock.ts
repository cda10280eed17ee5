import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

import { ChainDataError } from './data-dir.ts';
import { reasonOf } from './durable-writer.ts';

// Two processes appending to one blocks.log (or opening one PGlite directory) would interleave
// blocks and corrupt both. The lock is a file holding the owner's pid, created exclusively; a
// lock whose process is gone (kill -9, power loss) is taken over, and says so; one that names
// no process (written by hand) is not guessed about.
//
// A live pid is not proof of a holder: after a crash the pid can go to another program, or the
// holder can linger as a zombie. Where /proc exists the lock also records when its owner started
// (and in which boot), so a later claimant can tell the owner from a stranger with its pid.

export const LOCK_NAME = 'polity.lock';

export interface DataDirLock {
  path: string;
  release(): void;
}

/** Reads a file under /proc, or null where it cannot (no /proc: macOS, Windows; a process gone). */
export type ProcReader = (path: string) => string | null;

const readProc: ProcReader = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

const BOOT_ID = '/proc/sys/kernel/random/boot_id';

/** What /proc/PID/stat says of a process: its state letter and start time (clock ticks after boot). */
export interface ProcStat {
  state: string;
  startTicks: string;
}

/** Parses /proc/PID/stat; the name (field 2) may hold spaces and parentheses, so fields count from its last `)`. */
export function parseProcStat(text: string): ProcStat | null {
  const nameEnd = text.lastIndexOf(')');
  if (nameEnd === -1) return null;
  // From field 3 (state) on: field 22 (starttime) is the 20th.
  const fields = text
    .slice(nameEnd + 1)
    .trim()
    .split(/\s+/);
  const [state] = fields;
  const startTicks = fields[19];
  if (!/^[A-Za-z]$/.test(state) || startTicks === undefined || !/^\d+$/.test(startTicks)) return null;
  return { state, startTicks };
}

/** Who took a lock: its pid and, where /proc exists, its start time and the boot it ran in. */
export interface LockOwner {
  pid: number;
  startTicks: string | null;
  bootId: string | null;
}

/** The pid on the first line, then `name=value` lines; a lock of older versions has the pid alone. */
export function parseLock(text: string): LockOwner | null {
  const [first, ...rest] = text.split('\n');
  if (!/^\d+$/.test(first.trim())) return null;
  const fields = new Map<string, string>();
  for (const line of rest) {
    const equals = line.indexOf('=');
    if (equals > 0) fields.set(line.slice(0, equals).trim(), line.slice(equals + 1).trim());
  }
  return { pid: Number(first), startTicks: fields.get('start-ticks') ?? null, bootId: fields.get('boot-id') ?? null };
}

/** This process's pid, then what tells it from a later process given the same pid, where /proc says. */
function lockText(proc: ProcReader): string {
  const stat = parseProcStat(proc('/proc/self/stat') ?? '');
  const bootId = proc(BOOT_ID)?.trim();
  const lines = [String(process.pid)];
  if (stat) lines.push(`start-ticks=${stat.startTicks}`);
  if (bootId) lines.push(`boot-id=${bootId}`);
  return lines.map((line) => `${line}\n`).join('');
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

/** The program a process runs, from argv[0] of /proc/PID/cmdline; null when /proc does not say. */
function programOf(cmdline: string | null): string | null {
  const argv0 = cmdline?.split('\0')[0];
  return argv0 ? basename(argv0) : null;
}

/** Polity runs on Node (node, nodejs, a versioned binary, the one running this) or as a build named after it. */
const mayRunPolity = (program: string) =>
  /node|polity/i.test(program) || program === basename(process.execPath) || program === basename(process.argv0);

/**
 * Why the live process `owner.pid` is not the lock's owner, or null when it may be. Where /proc
 * cannot tell, it may be: a wrong refusal costs a removed file, a wrong take-over a corrupt chain.
 */
export function strangerReason(owner: LockOwner, proc: ProcReader = readProc): string | null {
  const stat = parseProcStat(proc(`/proc/${owner.pid}/stat`) ?? '');
  if (stat === null) return null;
  if (stat.state === 'Z' || stat.state === 'X') {
    return 'which has exited and waits only for its parent to collect it (a zombie)';
  }
  const bootId = proc(BOOT_ID)?.trim();
  if (owner.bootId !== null && bootId && owner.bootId !== bootId) {
    return 'whose pid now belongs to another program: the lock was taken before the machine restarted';
  }
  if (owner.startTicks !== null) {
    return stat.startTicks === owner.startTicks
      ? null
      : `whose pid now belongs to another program: it started at another time than the lock's owner`;
  }
  // A lock of an older version records no start time: the program is the remaining clue.
  const program = programOf(proc(`/proc/${owner.pid}/cmdline`));
  return program === null || mayRunPolity(program)
    ? null
    : `whose pid now belongs to another program (${program}), not a Node process running Polity`;
}

function ownerOf(path: string): LockOwner | null {
  try {
    return parseLock(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Creates the lock with this process's identity already in it: written to a file of its own
 * first, then linked to the lock's name, which fails if the name exists. A rival never sees a
 * lock without its owner.
 */
function create(path: string, text: string): boolean {
  const own = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(own, text);
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

/** Moves a stale owner's lock aside before removing it: of two processes taking over, one wins. */
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

/** Why the lock's owner no longer holds it, or null while it does. */
function staleReason(owner: LockOwner, proc: ProcReader): string | null {
  if (owner.pid === process.pid) return 'which is the id of this very process (left by an earlier run)';
  if (!isRunning(owner.pid)) return 'which is no longer running (it was killed or the machine restarted)';
  return strangerReason(owner, proc);
}

/**
 * Claims `dir` for this process, or stops start-up naming the process that holds it. `proc`
 * reads /proc (tests stand in a machine without one).
 */
export function lockDataDir(
  dir: string,
  log: (line: string) => void = console.warn,
  proc: ProcReader = readProc,
): DataDirLock {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new ChainDataError(`cannot create the data dir ${dir} (${reasonOf(error)}): choose another --data-dir`);
  }
  const path = join(dir, LOCK_NAME);
  const text = lockText(proc);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (create(path, text)) {
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        process.off('exit', release);
        if (ownerOf(path)?.pid === process.pid) rmSync(path, { force: true });
      };
      process.on('exit', release);
      return { path, release };
    }
    const owner = ownerOf(path);
    if (owner === null) {
      throw new ChainDataError(
        `${path} does not name the process holding ${dir}: if no Polity is running on it, remove that file`,
      );
    }
    const stale = staleReason(owner, proc);
    if (stale === null) {
      throw new ChainDataError(
        `${dir} is in use by another Polity (process ${owner.pid}, see ${path}): stop it first, or choose another --data-dir`,
      );
    }
    log(`${path}: taking over the lock of process ${owner.pid}, ${stale}`);
    takeOver(path);
  }
  throw new ChainDataError(`${path}: another process claimed the data dir at the same moment; start again`);
}
