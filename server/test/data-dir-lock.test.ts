import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { LOCK_NAME, lockDataDir } from '../node/sim/data-dir-lock.ts';

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
    expect(readFileSync(lock.path, 'utf8')).toBe(`${process.pid}\n`);
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
