import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import { forgedBundle, realBundle } from '../verify/testing/sample-bundles.ts';

// The command an auditor runs: a file in, the report out, the exit code saying whether all holds.

const run = promisify(execFile);
const command = path.join(import.meta.dirname, 'polity-verify.mjs');
const folder = mkdtempSync(path.join(tmpdir(), 'polity-verify-'));

async function verify(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [command, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

describe('polity-verify', () => {
  it('proves a bundle offline and says what it proved, from which trust root', async () => {
    const file = path.join(folder, 'vote.json');
    writeFileSync(file, JSON.stringify(forgedBundle()));
    const result = await verify(file);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'Proven: 1 vote, signed by validators holding 100 % of the power at height 41, from the trust root at height 1.',
    );
    expect(result.stdout).toContain('height 40 (hash link): named by header 41');
  });

  it('refuses a changed bundle with exit 1, naming what failed; a wrong --trust too', async () => {
    const bundle = forgedBundle();
    bundle.facts[0].claim.option = 'VOTE_OPTION_NO';
    const file = path.join(folder, 'changed.json');
    writeFileSync(file, JSON.stringify(bundle));
    const changed = await verify(file);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain(
      'Not proven: vote of cosmos1w0v0g5m0l3jammh5hdu8ff0pglyaq2ysyknh3p NO on #7 at 40, because the archive says option is VOTE_OPTION_NO',
    );
    const real = path.join(folder, 'real.json');
    writeFileSync(real, JSON.stringify(realBundle()));
    const wrongTrust = await verify(real, '--trust', `361:${'0'.repeat(64)}`);
    expect(wrongTrust.code).toBe(1);
    expect(wrongTrust.stdout).toMatch(/the trust root says 0{64}/);
  });

  it('says how to use it when the arguments or the file are wrong (exit 2)', async () => {
    expect((await verify()).stderr).toMatch(/^usage: polity-verify/);
    expect((await verify(path.join(folder, 'missing.json'))).code).toBe(2);
    expect((await verify('x.json', '--trust', '12')).stderr).toMatch(/--trust wants HEIGHT:HASH/);
  });
});
