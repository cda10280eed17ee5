import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { expect } from 'vitest';

import { verifyBundle, type BundleReport, type VerifyOptions } from '../verify/bundle-verify.ts';
import { isoOfNanos } from '../verify/trust/light-block.ts';

// The Go checker as the tests run it: built once per file into a folder of its own, given a bundle
// and verify/'s options, its verdict held beside verify/'s.

export const run = promisify(execFile);
const folder = mkdtempSync(path.join(tmpdir(), 'polity-checker-'));
export const binary = path.join(folder, 'checker');
export const root = path.join(import.meta.dirname, '..');

interface GoVerdict {
  chain_ok: boolean;
  failure?: string;
  facts: boolean[];
  reasons: string[];
  claims_ok: boolean;
  unmet_claims: string[];
}

export async function goVerdict(bundle: unknown, options: VerifyOptions): Promise<GoVerdict> {
  const file = path.join(folder, `bundle-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(bundle));
  const args = ['bundle', file];
  if (options.atNanos !== undefined) args.push('--at', isoOfNanos(options.atNanos));
  if (options.trustingPeriodSeconds !== undefined)
    args.push('--trusting-period', String(options.trustingPeriodSeconds));
  if (options.trust) args.push('--trust', `${options.trust.height}:${options.trust.hash}`);
  const { stdout } = await run(binary, args, { maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(stdout) as GoVerdict;
}

/** verify/'s verdict in the checker's terms: claims are verify/'s alone, so a claim mismatch is a proof that held. */
const tsVerdict = (report: BundleReport) => ({
  chain_ok: report.problem === null,
  facts: report.facts.map((fact) => fact.ok || fact.code === 'claim-mismatch'),
});

export async function bothAgree(bundle: unknown, options: VerifyOptions) {
  const report = verifyBundle(JSON.parse(JSON.stringify(bundle)), options);
  const ours = tsVerdict(report);
  const theirs = await goVerdict(bundle, options);
  // The checker holds claims to walks that held, not to their arithmetic: never stricter than verify/.
  // (A chain of trust that breaks leaves every claim unmet in the checker; verify/ says the break once.)
  if (report.problem === null && report.completeness.every((line) => line.state !== 'overclaimed'))
    expect(
      theirs.unmet_claims,
      `claims verify/ finds met; the checker's reasons: ${theirs.failure ?? ''} ${theirs.reasons.filter(Boolean).join(' | ')}`,
    ).toEqual([]);
  expect({ chain_ok: theirs.chain_ok, facts: theirs.chain_ok ? theirs.facts : [] }, theirs.failure ?? '').toEqual({
    chain_ok: ours.chain_ok,
    facts: ours.chain_ok ? ours.facts : [],
  });
  return ours;
}

/** The first build fetches CometBFT's modules and compiles them (a minute or two); later ones are cached. */
export async function buildChecker(): Promise<void> {
  await run('go', ['build', '-o', binary, '.'], { cwd: path.join(root, 'checker'), timeout: 600_000 });
}
