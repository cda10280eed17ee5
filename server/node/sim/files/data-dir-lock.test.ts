import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { LOCK_NAME, lockDataDir, parseLock, parseProcStat, strangerReason, type ProcReader } from './data-dir-lock.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  children.splice(0).forEach((child) => child.kill());
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});
const tmp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'polity-lock-'));
  dirs.push(dir);
  return dir;
};

describe('one process per data dir', () => {
  it('refuses a data dir another running process holds, naming the process and the lock file', () => {
    const dir = tmp();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(other);
    writeFileSync(join(dir, LOCK_NAME), `${other.pid}\n`);
    expect(() => lockDataDir(dir)).toThrow(
      `in use by another Polity (process ${other.pid}, see ${join(dir, LOCK_NAME)})`,
    );
    expect(readFileSync(join(dir, LOCK_NAME), 'utf8')).toBe(`${other.pid}\n`);
  });

  it('takes over the lock of a process that is gone, and says so', async () => {
    const dir = tmp();
    const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(join(dir, LOCK_NAME), `${gone.pid}\n`);
    const said: string[] = [];
    const lock = lockDataDir(dir, (line) => said.push(line));
    expect(said.join('\n')).toContain(`taking over the lock of process ${gone.pid}`);
    expect(readFileSync(lock.path, 'utf8').split('\n')[0]).toBe(`${process.pid}`);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('does not guess about a lock that names no process: it says which file to check', () => {
    const dir = tmp();
    writeFileSync(join(dir, LOCK_NAME), '');
    expect(() => lockDataDir(dir, () => {})).toThrow(
      `${join(dir, LOCK_NAME)} does not name the process holding ${dir}`,
    );
    expect(existsSync(join(dir, LOCK_NAME))).toBe(true);
  });

  it('a second claim by a live holder fails until the first releases', () => {
    const dir = tmp();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(holder);
    writeFileSync(join(dir, LOCK_NAME), `${holder.pid}\n`);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Polity/);
    holder.kill('SIGKILL');
    return new Promise<void>((resolve) =>
      holder.on('exit', () => {
        const lock = lockDataDir(dir, () => {});
        expect(lock.path).toBe(join(dir, LOCK_NAME));
        lock.release();
        resolve();
      }),
    );
  });
});

// Where /proc exists, a live pid is checked to be the lock's owner: not a zombie, not another
// program that was given the pid after the owner died.
const hasProc = existsSync('/proc/self/stat');
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const startTicksOf = (pid: number) => parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))!.startTicks;
const liveNode = () => {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
};
const claim = (dir: string) => {
  const said: string[] = [];
  const lock = lockDataDir(dir, (line) => said.push(line));
  return { lock, said: said.join('\n') };
};

describe.skipIf(!hasProc)('a live pid is the owner only if /proc says so', () => {
  it('takes over a lock whose pid now belongs to another program, and names it', () => {
    const dir = tmp();
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(sleeper);
    writeFileSync(join(dir, LOCK_NAME), `${sleeper.pid}\n`);
    const { lock, said } = claim(dir);
    expect(said).toContain(`taking over the lock of process ${sleeper.pid}, whose pid now belongs to another program`);
    expect(said).toContain('(sleep)');
    expect(parseLock(readFileSync(lock.path, 'utf8'))?.pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock whose owner is a zombie', async () => {
    const dir = tmp();
    // The shell starts a short sleep, then becomes a long one, which never collects its child.
    const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(parent);
    const zombie = Number(
      await new Promise<string>((resolve) => parent.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString()))),
    );
    const stateOf = (pid: number) => parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.state;
    for (let wait = 0; wait < 100 && stateOf(zombie) !== 'Z'; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(stateOf(zombie)).toBe('Z');
    writeFileSync(join(dir, LOCK_NAME), `${zombie}\n`);
    const { lock, said } = claim(dir);
    expect(said).toContain(`taking over the lock of process ${zombie}, which has exited`);
    expect(said).toContain('zombie');
    lock.release();
  });

  it('takes over a lock whose pid was given to another Node process since it was taken', () => {
    const dir = tmp();
    const pid = liveNode();
    writeFileSync(join(dir, LOCK_NAME), `${pid}\nstart-ticks=1\nboot-id=${bootId()}\n`);
    const { lock, said } = claim(dir);
    expect(said).toContain(`process ${pid}, whose pid now belongs to another program: it started at another time`);
    lock.release();
  });

  it('takes over a lock taken before the machine restarted', () => {
    const dir = tmp();
    const pid = liveNode();
    writeFileSync(join(dir, LOCK_NAME), `${pid}\nstart-ticks=${startTicksOf(pid)}\nboot-id=another-boot\n`);
    const { lock, said } = claim(dir);
    expect(said).toContain('the lock was taken before the machine restarted');
    lock.release();
  });

  it('refuses a lock whose owner is alive, started when the lock says', () => {
    const dir = tmp();
    const pid = liveNode();
    const text = `${pid}\nstart-ticks=${startTicksOf(pid)}\nboot-id=${bootId()}\n`;
    writeFileSync(join(dir, LOCK_NAME), text);
    expect(() => lockDataDir(dir)).toThrow(`in use by another Polity (process ${pid}`);
    expect(readFileSync(join(dir, LOCK_NAME), 'utf8')).toBe(text);
  });

  it('records its pid, start time and boot in the lock', () => {
    const dir = tmp();
    const { lock } = claim(dir);
    expect(parseLock(readFileSync(lock.path, 'utf8'))).toEqual({
      pid: process.pid,
      startTicks: startTicksOf(process.pid),
      bootId: bootId(),
    });
    lock.release();
  });
});

describe('reading /proc', () => {
  const SLEEP_STAT = '4242 (sleep) S 1 4242 4242 0 -1 4194304 97 0 0 0 0 0 0 0 20 0 1 0 987654 5492736 224 1844';

  it('parses state and start time, also when the name holds spaces and parentheses', () => {
    expect(parseProcStat(SLEEP_STAT)).toEqual({ state: 'S', startTicks: '987654' });
    expect(parseProcStat(SLEEP_STAT.replace('(sleep) S', '(a) (b c)) Z'))).toEqual({
      state: 'Z',
      startTicks: '987654',
    });
    expect(parseProcStat('4242 (cut short) S 1 2')).toBeNull();
    expect(parseProcStat('')).toBeNull();
  });

  it('reads old locks (a pid alone) and new ones alike', () => {
    expect(parseLock('4242\n')).toEqual({ pid: 4242, startTicks: null, bootId: null });
    expect(parseLock('4242\nstart-ticks=987654\nboot-id=b00t\n')).toEqual({
      pid: 4242,
      startTicks: '987654',
      bootId: 'b00t',
    });
    expect(parseLock('')).toBeNull();
    expect(parseLock('polity\n')).toBeNull();
  });

  it('tells a stranger from a possible owner by what /proc shows', () => {
    const machine =
      (files: Record<string, string>): ProcReader =>
      (path) =>
        files[path] ?? null;
    const oldLock = { pid: 4242, startTicks: null, bootId: null };
    const sleeping = { '/proc/4242/stat': SLEEP_STAT, '/proc/4242/cmdline': 'sleep\u000030\u0000' };
    expect(strangerReason(oldLock, machine(sleeping))).toMatch(/another program \(sleep\)/);
    const node = { '/proc/4242/stat': SLEEP_STAT, '/proc/4242/cmdline': '/usr/bin/node\u0000main.mjs\u0000' };
    expect(strangerReason(oldLock, machine(node))).toBeNull();
    const zombie = { '/proc/4242/stat': SLEEP_STAT.replace(') S', ') Z') };
    expect(strangerReason(oldLock, machine(zombie))).toMatch(/zombie/);
    const newLock = { pid: 4242, startTicks: '987654', bootId: 'b00t' };
    expect(strangerReason(newLock, machine({ ...node, '/proc/sys/kernel/random/boot_id': 'b00t\n' }))).toBeNull();
    expect(strangerReason({ ...newLock, startTicks: '1' }, machine(node))).toMatch(/another time/);
    // No /proc (macOS, Windows): a live pid holds the lock, as it always did.
    expect(strangerReason(oldLock, () => null)).toBeNull();
  });

  it('without /proc, a live pid holds the lock and the lock names the pid alone', () => {
    const dir = tmp();
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(sleeper);
    writeFileSync(join(dir, LOCK_NAME), `${sleeper.pid}\n`);
    expect(() =>
      lockDataDir(
        dir,
        () => {},
        () => null,
      ),
    ).toThrow(/in use by another Polity/);
    rmSync(join(dir, LOCK_NAME));
    const lock = lockDataDir(
      dir,
      () => {},
      () => null,
    );
    expect(readFileSync(lock.path, 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
  });
});
