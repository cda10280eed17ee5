import { toBase64, toHex } from '@cosmjs/encoding';
import { describe, expect, it } from 'vitest';

import type { ProofBundle } from './bundle-format.ts';
import { verifyBundle, verifyBundleQuickly } from './bundle-verify.ts';
import { clockAfter } from './testing/forge-chain.ts';
import { forgedBundle, laterHeader, realBundle, SAMPLE_CLOCK } from './testing/sample-bundles.ts';
import { precommitSignBytes } from './trust/commit.ts';
import { preverifySignatures } from './trust/fast-signatures.ts';
import { VerifierMemory } from './trust/verifier-memory.ts';

// Whole bundles: trust root → signed headers → facts. A real node's proofs verify from its header
// 361; a made-up chain's vote verifies from its genesis validators, across a validator set change;
// one changed byte anywhere is refused, naming the step.

describe('proof bundles', () => {
  it('verify a real node’s records from its header 361', () => {
    const report = verifyBundle(realBundle(), SAMPLE_CLOCK);
    expect(report.problem).toBeNull();
    expect(report.facts.map((fact) => fact.ok)).toEqual([true, true, true, true, true]);
    expect(report.ok).toBe(true);
  });

  it('verify a vote from the genesis validators, skipping across a set change, the vote’s block by its hash link', () => {
    const report = verifyBundle(forgedBundle(), SAMPLE_CLOCK);
    expect(report.steps.map((step) => [step.height, step.how, step.ok])).toEqual([
      ['1', 'trust root', true],
      ['41', 'skipping', true],
      ['40', 'hash link', true],
    ]);
    expect(report.facts[0]).toMatchObject({ ok: true, proven: { kind: 'vote', option: 'VOTE_OPTION_YES' } });
    expect(report.ok).toBe(true);
  });

  it('verify a header from the earlier one it names, and refuse one naming a header not proven', () => {
    const bundle = forgedBundle();
    const root = bundle.light_blocks[0];
    const later = laterHeader(bundle.chain_id);
    bundle.light_blocks.push({ ...later.block, verified_from: root.signed_header.header.height });
    expect(verifyBundle(bundle, SAMPLE_CLOCK).steps).toContainEqual(
      expect.objectContaining({ height: '90', how: 'skipping', ok: true }),
    );
    bundle.light_blocks[2].verified_from = '2';
    expect(verifyBundle(bundle, SAMPLE_CLOCK).problem).toBe('header 90 is to be verified from 2, which is not proven');
  });

  it('refuse the vote when the archive’s claim differs from the proven transaction', () => {
    const bundle = forgedBundle();
    bundle.facts[0].claim.option = 'VOTE_OPTION_NO';
    const report = verifyBundle(bundle, SAMPLE_CLOCK);
    expect(report.ok).toBe(false);
    expect(report.facts[0].how).toBe('the archive says option is VOTE_OPTION_NO, the proven bytes say VOTE_OPTION_YES');
  });

  it('refuse a bundle with one byte changed, wherever it is, naming the step (checked natively first or not)', async () => {
    const reference = JSON.stringify(forgedBundle());
    const changes: [string, (bundle: ProofBundle) => void, RegExp][] = [
      [
        'a transaction byte',
        (bundle) => {
          const tx = bundle.facts[0] as { tx: string };
          tx.tx = toBase64(flip(Buffer.from(tx.tx, 'base64')));
        },
        /not in the block|does not decode/,
      ],
      [
        'the vote header',
        (bundle) => {
          bundle.linked_headers[0].app_hash = toHex(
            flip(Buffer.from(bundle.linked_headers[0].app_hash, 'hex')),
          ).toUpperCase();
        },
        /links to .*not to this header/,
      ],
      [
        'a signature',
        (bundle) => {
          const sig = bundle.light_blocks[1].signed_header.commit.signatures[0];
          sig.signature = toBase64(flip(Buffer.from(sig.signature ?? '', 'base64')));
        },
        /does not verify/,
      ],
      [
        'a genesis power',
        (bundle) => {
          if (bundle.trust_root.kind === 'genesis') bundle.trust_root.validators[0].voting_power = '99';
        },
        /not signed by the genesis validators/,
      ],
      [
        'the result',
        (bundle) => {
          const fact = bundle.facts[0] as { result: { gas_used: string } };
          fact.result.gas_used = '51235';
        },
        /not the block's/,
      ],
    ];
    for (const [what, change, expected] of changes) {
      const bundle = JSON.parse(reference) as ProofBundle;
      change(bundle);
      for (const report of [verifyBundle(bundle, SAMPLE_CLOCK), await verifyBundleQuickly(bundle, SAMPLE_CLOCK)]) {
        expect(report.ok, what).toBe(false);
        expect([report.problem, ...report.facts.map((fact) => fact.how)].join(' | '), what).toMatch(expected);
      }
    }
  });

  it('refuse a trust root older than the verifier’s trusting period by its own clock, and a bundle that is not one', () => {
    const bundle = forgedBundle();
    const fifteenDays = 15 * 24 * 3600;
    const late = verifyBundle(bundle, { atNanos: clockAfter(fifteenDays).nowNanos });
    expect(late.code).toBe('trusted-header-expired');
    expect(late.problem).toMatch(/trusted header 1 .* is older than the trusting period of 14 days/);
    // The bundle asking for a longer period changes nothing: the period is the verifier's.
    bundle.trusting_period_seconds = String(10n ** 12n);
    expect(verifyBundle(bundle, { atNanos: clockAfter(fifteenDays).nowNanos }).code).toBe('trusted-header-expired');
    // An auditor who gives a longer period (or asks as of an earlier instant) gets the answer to that.
    expect(
      verifyBundle(bundle, { atNanos: clockAfter(fifteenDays).nowNanos, trustingPeriodSeconds: 20n * 86_400n }).ok,
    ).toBe(true);
    expect(verifyBundle({ format: 'something else' }).problem).toMatch(/^not a proof bundle: at format/);
  });

  it('start from any signed header of the bundle the auditor gives, not only its root', () => {
    const bundle = forgedBundle();
    const later = laterHeader(bundle.chain_id);
    bundle.light_blocks.push({ ...later.block, verified_from: '1' });
    const top = bundle.light_blocks[1].signed_header;
    const report = verifyBundle(bundle, {
      ...SAMPLE_CLOCK,
      trust: { height: top.header.height, hash: top.commit.block_id.hash },
    });
    expect(report.problem).toBeNull();
    expect(report.steps.map((step) => [step.height, step.how])).toEqual([
      ['41', 'trust root'],
      ['90', 'skipping'],
      ['40', 'hash link'],
    ]);
    expect(report.verdict).toBe('proven');
  });

  it('start from a header the auditor gives, and refuse one the bundle does not lead from', () => {
    const bundle = realBundle();
    const hash = bundle.light_blocks[0].signed_header.commit.block_id.hash;
    expect(verifyBundle(bundle, { ...SAMPLE_CLOCK, trust: { height: '361', hash } }).ok).toBe(true);
    expect(
      verifyBundle(bundle, { ...SAMPLE_CLOCK, trust: { height: '361', hash: `00${hash.slice(2)}` } }).problem,
    ).toMatch(/the trust root says 00/);
  });
});

describe('signatures checked by the platform’s Ed25519 first', () => {
  it('accepts every honest signature natively, and the verdict is the portable one', async () => {
    for (const bundle of [realBundle(), forgedBundle()]) {
      const signatures = bundle.light_blocks.flatMap((block) =>
        block.signed_header.commit.signatures.filter((sig) => sig.block_id_flag === 2),
      );
      const checked = await preverifySignatures(bundle.chain_id, bundle.light_blocks, new VerifierMemory());
      expect(checked).toEqual({ accepted: signatures.length, leftOver: 0, native: true });
      expect(await verifyBundleQuickly(bundle, SAMPLE_CLOCK)).toEqual(verifyBundle(bundle, SAMPLE_CLOCK));
    }
  });

  it('leaves a signature it refuses, and everything on a platform without it, to the portable check', async () => {
    const bundle = forgedBundle();
    const sig = bundle.light_blocks[1].signed_header.commit.signatures[0];
    sig.signature = toBase64(flip(Buffer.from(sig.signature ?? '', 'base64')));
    const checked = await preverifySignatures(bundle.chain_id, bundle.light_blocks, new VerifierMemory());
    expect(checked.leftOver).toBe(1);
    const none = await preverifySignatures(bundle.chain_id, bundle.light_blocks, new VerifierMemory(), null);
    expect(none).toEqual({ accepted: 0, leftOver: checked.accepted + 1, native: false });
  });
});

describe('what a verification remembers', () => {
  it('belongs to it alone: signatures one check saw verify are not taken as verified by the next', async () => {
    const memory = new VerifierMemory();
    const honest = forgedBundle();
    await preverifySignatures(honest.chain_id, honest.light_blocks, memory);
    const sig = honest.light_blocks[1].signed_header.commit.signatures[0];
    const message = precommitSignBytes(honest.chain_id, honest.light_blocks[1].signed_header.commit, sig.timestamp);
    const key = Buffer.from(honest.light_blocks[1].validator_set[0].pub_key.value, 'base64');
    const signature = Buffer.from(sig.signature ?? '', 'base64');
    expect(message && memory.signatureSeen(signature, message, key)).toBe(true);
    expect(message && new VerifierMemory().signatureSeen(signature, message, key)).toBe(false);
  });
});

function flip(bytes: Uint8Array): Uint8Array {
  const copy = Uint8Array.from(bytes);
  copy[Math.floor(copy.length / 2)] ^= 1;
  return copy;
}

describe('a transaction and its result', () => {
  it('refuses a failed transaction paired with its block neighbour’s successful result', () => {
    const report = verifyBundle(forgedBundle({ borrowedResult: true }), SAMPLE_CLOCK);
    expect(report.facts[0]).toMatchObject({
      ok: false,
      code: 'result-not-in-block',
      how: 'the result proven is of transaction 1 of 2, not of this one (0 of 2)',
    });
    expect(verifyBundle(forgedBundle(), SAMPLE_CLOCK).facts[0].ok).toBe(true);
  });
});
