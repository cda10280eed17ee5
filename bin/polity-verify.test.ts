import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { linkedBundle, linkedHash } from '../verify/testing/linked-bundle.ts';
import { forgedBundle, realBundle } from '../verify/testing/sample-bundles.ts';
import { runVerify } from './run-verify.ts';

// The command an auditor runs: a file in, the report out, the exit code saying whether all holds.

const folder = mkdtempSync(path.join(tmpdir(), 'polity-verify-'));

const verify = runVerify;

const AT = ['--at', '2026-01-01T01:00:00Z'];
const rootHashOf = (bundle: ReturnType<typeof forgedBundle>) =>
  bundle.light_blocks[0].signed_header.commit.block_id.hash;

function saved(name: string, bundle: unknown): string {
  const file = path.join(folder, name);
  writeFileSync(file, JSON.stringify(bundle));
  return file;
}

describe('polity-verify', () => {
  it('proves a bundle offline from a root you give, and says what it proved (exit 0)', async () => {
    const bundle = forgedBundle();
    const result = await verify(saved('vote.json', bundle), ...AT, '--trust', `1:${rootHashOf(bundle)}`);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'Proven: 1 vote, signed by validators holding 100 % of the power at height 41, from your root (height 1, hash',
    );
    expect(result.stdout).toContain(
      'Checked as of 2026-01-01T01:00:00.000Z (the instant you gave), with a trusting period of 14 days',
    );
    // Plain words per record by default; the CometBFT path behind --verbose.
    expect(result.stdout).toMatch(/\n {2}proven: vote of cosmos1\S+ YES on #7 — in block 40, succeeded\n/);
    expect(result.stdout).toContain('  Chain of trust: from the root up to height 41, 1 header each signed by');
    expect(result.stdout).not.toMatch(/data_hash|last_results_hash|app_hash|skipping/);
    const verbose = await verify(saved('vote.json', bundle), ...AT, '--trust', `1:${rootHashOf(bundle)}`, '--verbose');
    expect(verbose.stdout).toContain('height 40 (hash link): named by header 41');
    expect(verbose.stdout).toContain('in block 40 (data_hash), succeeded (last_results_hash of 41)');
  });

  it('never says "Proven" from the bundle’s own root: it says whose root it is (exit 3)', async () => {
    const bundle = forgedBundle();
    const result = await verify(saved('own-root.json', bundle), ...AT);
    expect(result.code).toBe(3);
    expect(result.stdout).not.toMatch(/^Proven/);
    expect(result.stdout).toContain(
      `Follows from the root this bundle carries (height 1, hash ${rootHashOf(bundle)}): 1 vote`,
    );
    expect(result.stdout).toContain('Compare that root with a source you trust.');
  });

  it('gives records the archive could not prove an exit code of their own (4 from your root, 5 from the bundle’s)', async () => {
    const bundle = forgedBundle();
    bundle.unproven.push({ what: 'the vote of cosmos1x on proposal #7', reason: 'not proven yet' });
    const file = saved('unproven.json', bundle);
    const yours = await verify(file, ...AT, '--trust', `1:${rootHashOf(bundle)}`);
    expect(yours.code).toBe(4);
    expect(yours.stdout).toMatch(/^Proven except 1 unproven record: 1 vote/);
    expect((await verify(file, ...AT)).code).toBe(5);
  });

  it('judges by this machine’s clock: a root past the trusting period is refused, whatever the bundle asks', async () => {
    const bundle = forgedBundle();
    bundle.trusting_period_seconds = String(10n ** 12n);
    const file = saved('old.json', bundle);
    const now = await verify(file);
    expect(now.code).toBe(1);
    expect(now.stdout).toMatch(/trusted header 1 .* is older than the trusting period of 14 days/);
    // The auditor's own period, or an instant of the auditor's, decides instead.
    expect((await verify(file, '--trusting-period', '100000d')).code).toBe(3);
    expect((await verify(file, '--at', '2026-01-10T00:00:00Z')).code).toBe(3);
    expect((await verify(file, '--at', '2026-01-20T00:00:00Z')).code).toBe(1);
  });

  it('refuses a changed bundle with exit 1, naming what failed; a wrong --trust too', async () => {
    const bundle = forgedBundle();
    bundle.facts[0].claim.option = 'VOTE_OPTION_NO';
    const changed = await verify(saved('changed.json', bundle), ...AT);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain(
      'Not proven: vote of cosmos1w0v0g5m0l3jammh5hdu8ff0pglyaq2ysyknh3p NO on #7 at 40, because the archive says option is VOTE_OPTION_NO',
    );
    const wrongTrust = await verify(saved('real.json', realBundle()), '--trust', `361:${'0'.repeat(64)}`);
    expect(wrongTrust.code).toBe(1);
    expect(wrongTrust.stdout).toMatch(/the trust root says 0{64}/);
  });

  it('names the heights a root of yours can be at, when the one given is none of the bundle’s signed headers', async () => {
    const bundle = forgedBundle();
    const result = await verify(saved('other-height.json', bundle), ...AT, '--trust', `5:${'AB'.repeat(32)}`);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      'Not checked: this bundle signs no header at height 5: heights that can be your root in this bundle: 1 and 41',
    );
    expect(result.stdout).toContain(`npx polity-verify ${path.join(folder, 'other-height.json')} --trust 41:`);
  });

  it('checks from the top header of a bundle with hash links down, and prints the ready command without them', async () => {
    const linked = linkedBundle();
    const top = await verify(saved('linked.json', linked), ...AT, '--trust', `6:${linkedHash(linked, '6')}`);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/^Proven: /m);
    const short = linkedBundle({ links: false });
    const file = saved('short.json', short);
    const refused = await verify(file, ...AT, '--trust', `6:${linkedHash(short, '6')}`);
    // Not a refusal of the bundle: a file that cannot be used this way (2), with the address of one that can.
    expect(refused.code).toBe(2);
    expect(refused.stdout).toContain('the archive gives the links with links_from=6');
    expect(refused.stderr).toContain(
      `ARCHIVE/polity/archive/v1/proofs/${short.subject.kind}s/${short.subject.id}?links_from=6`,
    );
    expect(refused.stdout).toContain(
      'Ready to run from a height this file can start from, once your own source gives the same hash for it:\n' +
        `  npx polity-verify ${file} --trust 1:${linkedHash(short, '1')}\n` +
        `  npx polity-verify ${file} --trust 4:${linkedHash(short, '4')}`,
    );
    const ready = await verify(file, ...AT, '--trust', `4:${linkedHash(short, '4')}`);
    expect(ready.code).toBe(0);
  });

  it('refuses a bundle with a round that is not an integer in words, not a stack trace', async () => {
    const bundle = forgedBundle();
    bundle.light_blocks[1].signed_header.commit.round = 0.5;
    const result = await verify(saved('round.json', bundle), ...AT);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('commit.round, 0.5 is not an integer from 0 to 2147483647 (rule R2)');
    expect(result.stderr).toBe('');
    // A part total of 1.5 once reached the signature pre-check before the schema, and a RangeError's stack.
    const parts = forgedBundle();
    parts.light_blocks[1].signed_header.header.last_block_id.parts.total = 1.5;
    const partsResult = await verify(saved('parts.json', parts), ...AT);
    expect(partsResult.code).toBe(1);
    expect(partsResult.stdout).toContain('parts.total, 1.5 is not an integer');
    expect(partsResult.stdout + partsResult.stderr).not.toMatch(/RangeError|\n\s+at /);
  });

  it('prints a bundle’s escape sequences escaped, never to the terminal raw', async () => {
    const bundle = forgedBundle();
    bundle.subject.label = 'x';
    bundle.unproven.push({ what: '\u001b[2J\u001b[32mProven: everything', reason: 'trust \u202Eme' });
    const result = await verify(saved('escapes.json', bundle), ...AT);
    expect(result.stdout).not.toContain('\u001b');
    expect(result.stdout).toContain('\\x1b[2J\\x1b[32mProven: everything');
    expect(result.stdout).toContain('trust \\u202eme');
  });

  it('says how to use it when the arguments or the file are wrong (exit 2), and in full with --help (exit 0)', async () => {
    expect((await verify()).stderr).toMatch(/^usage: polity-verify/);
    expect((await verify(path.join(folder, 'missing.json'))).code).toBe(2);
    expect((await verify('x.json', '--trust', '12')).stderr).toMatch(/--trust wants HEIGHT:HASH/);
    expect((await verify('x.json', '--at', 'yesterday')).stderr).toMatch(/--at wants an RFC 3339 UTC time/);
    const help = await verify('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('exit codes:');
    expect(help.stdout).toContain('--trusting-period TIME');
  });
});

describe('polity-verify on the completeness vectors', () => {
  const file = JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../test-vectors/completeness-vectors.json'), 'utf8'),
  ) as {
    at: string;
    vectors: { name: string; bundle: unknown }[];
  };
  const at = ['--at', file.at, '--trusting-period', '60d'];
  const named = (part: string) => file.vectors.find((vector) => vector.name.includes(part))!.bundle;

  it('says a set shown without its walk is not shown complete, and --require-complete exits 6 on it', async () => {
    const stripped = saved('stripped.json', named('stripped'));
    const plain = await verify(stripped, ...at);
    expect(plain.code).toBe(3);
    expect(plain.stdout).toMatch(/not shown complete: this bundle proves no walk of proposal #\d+'s votes/);
    expect((await verify(stripped, ...at, '--require-complete')).code).toBe(6);
    // A genuine bundle shows its sets complete: --require-complete changes nothing.
    expect((await verify(saved('genuine.json', named('genuine proposal')), ...at, '--require-complete')).code).toBe(3);
  });

  it('refuses a walk from another store naming rule W2, and a 500,000-deep document by rule R1, with exit 1', async () => {
    const bank = await verify(saved('bank.json', named('bank store')), ...at);
    expect(bank.code).toBe(1);
    expect(bank.stdout).toContain('W2: a walk of');
    const deep = path.join(mkdtempSync(path.join(tmpdir(), 'polity-deep-')), 'deep.json');
    writeFileSync(deep, `{"padding":${'['.repeat(500_000)}${']'.repeat(500_000)}}`);
    const refused = await verify(deep, ...at);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('rule R1');
    expect(refused.stderr).toBe('');
  });
});
