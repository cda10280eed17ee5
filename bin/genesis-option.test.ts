import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { forgedBundle } from '../verify/testing/sample-bundles.ts';
import { runVerify } from './run-verify.ts';

// --genesis FILE and --expect-genesis SHA256: the auditor starts from a genesis of their own — the
// file a chain publishes, its first validators made from its gen_txs as the chain made them.

const folder = mkdtempSync(path.join(tmpdir(), 'polity-genesis-'));
const AT = ['--at', '2026-01-01T01:00:00Z'];

const verify = runVerify;

function saved(name: string, content: unknown): { file: string; sha256: string } {
  const file = path.join(folder, name);
  const text = JSON.stringify(content, null, 2);
  writeFileSync(file, text);
  return { file, sha256: createHash('sha256').update(text).digest('hex') };
}

/** A genesis as an SDK chain publishes it: no validators for CometBFT, one gen_tx per validator. */
function genesisOf(bundle: ReturnType<typeof forgedBundle>, amounts?: string[]) {
  const root = bundle.trust_root;
  if (root.kind !== 'genesis') throw new Error('the sample bundle starts from a genesis');
  return {
    genesis_time: root.genesis_time,
    chain_id: bundle.chain_id,
    initial_height: root.initial_height,
    app_state: {
      staking: { params: { bond_denom: 'stake' } },
      genutil: {
        gen_txs: root.validators.map((validator, index) => ({
          body: {
            messages: [
              {
                '@type': '/cosmos.staking.v1beta1.MsgCreateValidator',
                description: { moniker: `validator-${index}` },
                pubkey: { '@type': '/cosmos.crypto.ed25519.PubKey', key: validator.pub_key.value },
                value: { denom: 'stake', amount: amounts?.[index] ?? `${validator.voting_power}000000` },
              },
            ],
          },
        })),
      },
    },
  };
}

describe('polity-verify --genesis', () => {
  const bundle = forgedBundle();
  const bundleFile = saved('vote.json', bundle).file;

  it('proves from the first validators of your genesis file, and names its SHA-256 (exit 0)', async () => {
    const genesis = saved('genesis.json', genesisOf(bundle));
    const result = await verify(bundleFile, ...AT, '--genesis', genesis.file);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Proven: 1 vote/);
    expect(result.stdout).toContain(
      `Trust root: the first validators of your genesis (SHA-256 ${genesis.sha256}, from its gen_txs)`,
    );
    const expected = await verify(bundleFile, ...AT, '--genesis', genesis.file, '--expect-genesis', genesis.sha256);
    expect(expected.code).toBe(0);
  });

  it('takes its trusting period from the genesis’s unbonding time, unless one is given, and says which', async () => {
    const published = genesisOf(bundle);
    const withUnbonding = {
      ...published,
      app_state: { ...published.app_state, staking: { params: { bond_denom: 'stake', unbonding_time: '2592000s' } } },
    };
    const genesis = saved('genesis-unbonding.json', withUnbonding);
    const fromGenesis = await verify(bundleFile, ...AT, '--genesis', genesis.file);
    expect(fromGenesis.stdout).toContain(
      'with a trusting period of 20 days (two thirds of the unbonding time in your genesis file)',
    );
    const given = await verify(bundleFile, ...AT, '--genesis', genesis.file, '--trusting-period', '3d');
    expect(given.stdout).toContain('with a trusting period of 3 days (the one you set)');
    const none = await verify(bundleFile, ...AT, '--genesis', saved('genesis-plain.json', published).file);
    expect(none.stdout).toContain(
      'with a trusting period of 14 days (CometBFT’s default: the chain’s unbonding time is not known here)',
    );
  });

  it('refuses a genesis with one gentx amount changed, naming both sets', async () => {
    const root = bundle.trust_root;
    const amounts =
      root.kind === 'genesis' ? root.validators.map((validator) => `${validator.voting_power}000000`) : [];
    amounts[1] = '99000000';
    const result = await verify(bundleFile, ...AT, '--genesis', saved('changed.json', genesisOf(bundle, amounts)).file);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /header 1 is not signed by the genesis validators: the genesis gives 4 validators \(.* 99,/,
    );
  });

  it('refuses when the genesis is not the one expected, or when the bundle names none (exit 1)', async () => {
    const genesis = saved('genesis-2.json', genesisOf(bundle));
    const wrong = await verify(bundleFile, ...AT, '--genesis', genesis.file, '--expect-genesis', 'ab'.repeat(32));
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain(
      `your genesis file has SHA-256 ${genesis.sha256}, not the expected ${'ab'.repeat(32)}`,
    );
    const unnamed = await verify(bundleFile, ...AT, '--expect-genesis', genesis.sha256);
    expect(unnamed.code).toBe(1);
    expect(unnamed.stdout).toContain('the bundle names no genesis SHA-256');
    const named = saved('named.json', {
      ...bundle,
      root_provenance: { kind: 'genesis', set_from: 'gen_txs', genesis_sha256: genesis.sha256 },
    }).file;
    const asNamed = await verify(named, ...AT, '--expect-genesis', genesis.sha256);
    expect(asNamed.code).toBe(3);
    expect(asNamed.stdout).toContain(
      "The archive took this root from the chain's genesis, its first validators made from the gen_txs.",
    );
  });

  it('says what is wrong with a file that is not a genesis, or with --trust beside it (exit 2)', async () => {
    const notGenesis = await verify(bundleFile, '--genesis', saved('not.json', { hello: 1 }).file);
    expect(notGenesis.code).toBe(2);
    expect(notGenesis.stderr).toContain('is not a genesis (no chain_id)');
    const both = await verify(
      bundleFile,
      '--genesis',
      saved('g3.json', genesisOf(bundle)).file,
      '--trust',
      `1:${'AB'.repeat(32)}`,
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--trust and --genesis each name where trust starts: give one');
  });
});
