import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// The command as an auditor runs it, for the tests: its exit code and what it printed.

const run = promisify(execFile);
const command = path.join(import.meta.dirname, 'polity-verify.mjs');

export async function runVerify(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [command, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}
