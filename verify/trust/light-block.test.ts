import { describe, expect, it } from 'vitest';

import { clockAfter, forgeLightBlock, signerOf, timeAfter, type Signer } from '../testing/forge-chain.ts';
import { realChainId, realLightBlock361 } from '../testing/real-node.ts';
import { checkSignedHeader, verifyAdjacent, verifyNonAdjacent, type TrustedBlock } from './light-block.ts';

/** The verifier's clock two hours after the forged chain begins. */
const CLOCK = clockAfter(7200);

// The light client's rules: a header signed by more than 2/3 of a set it names, the next one by
// the set it named as next, a later one by validators holding more than 1/3 of a trusted set.

const problemOf = (result: object) => ('problem' in result ? String(result.problem) : null);

describe('a real node’s signed header', () => {
  it('verifies: the set hashes to validators_hash and signed all of the power', () => {
    const checked = checkSignedHeader(realChainId, realLightBlock361());
    expect(problemOf(checked)).toBeNull();
  });

  it('is refused with a wrong signature, a set that does not hash, no signatures, or another chain', () => {
    const wrongSignature = realLightBlock361();
    const sig = wrongSignature.signed_header.commit.signatures[0];
    sig.signature = `A${(sig.signature ?? '').slice(1)}`;
    expect(problemOf(checkSignedHeader(realChainId, wrongSignature))).toMatch(/does not verify|not well formed/);

    const otherSet = realLightBlock361();
    otherSet.validator_set[0].voting_power = '999';
    expect(problemOf(checkSignedHeader(realChainId, otherSet))).toMatch(/does not hash to its validators_hash/);

    const unsigned = realLightBlock361();
    unsigned.signed_header.commit.signatures[0].block_id_flag = 1;
    expect(problemOf(checkSignedHeader(realChainId, unsigned))).toBe(
      'commit at 361: 0 % of the power signed, more than 2/3 needed',
    );

    expect(problemOf(checkSignedHeader('another-chain', realLightBlock361()))).toMatch(/not another-chain/);
  });
});

const chainId = 'forged-1';
const [alice, bob, carol, dave, erin] = ['alice', 'bob', 'carol', 'dave', 'erin'].map((name, index) =>
  signerOf(name, BigInt(10 * (index + 1))),
);

function trustedAt(
  height: bigint,
  seconds: number,
  validators: readonly Signer[],
  next?: readonly Signer[],
): TrustedBlock {
  const { block, hash } = forgeLightBlock({
    chainId,
    height,
    time: timeAfter(seconds),
    lastBlockHash: '',
    validators,
    nextValidators: next,
  });
  return { header: block.signed_header.header, hash, validators: block.validator_set };
}

describe('adjacent and skipping verification', () => {
  const set = [alice, bob, carol, dave, erin];
  const trusted = trustedAt(10n, 0, set);

  it('accepts the next header signed by the set named next, and refuses ≤ 2/3 of the power', () => {
    const next = forgeLightBlock({
      chainId,
      height: 11n,
      time: timeAfter(5),
      lastBlockHash: trusted.hash,
      validators: set,
    });
    expect(problemOf(verifyAdjacent(trusted, next.block, CLOCK))).toBeNull();
    // erin 50 + dave 40 = 90 of 150: 60 %.
    const weak = forgeLightBlock({
      chainId,
      height: 11n,
      time: timeAfter(5),
      lastBlockHash: trusted.hash,
      validators: set,
      signers: [erin, dave],
    });
    expect(problemOf(verifyAdjacent(trusted, weak.block, CLOCK))).toBe(
      'commit at 11: 60 % of the power signed, more than 2/3 needed',
    );
    const unlinked = forgeLightBlock({
      chainId,
      height: 11n,
      time: timeAfter(5),
      lastBlockHash: '00'.repeat(32),
      validators: set,
    });
    expect(problemOf(verifyAdjacent(trusted, unlinked.block, CLOCK))).toMatch(/does not link/);
  });

  it('skips across a set change when the trusted set holds more than 1/3 of the new commit', () => {
    // The new set keeps dave and erin (90 of the trusted 150) and adds two new validators.
    const newcomers = [signerOf('frank', 60n), signerOf('grace', 20n)];
    const later = forgeLightBlock({
      chainId,
      height: 500n,
      time: timeAfter(3600),
      lastBlockHash: 'AB'.repeat(32),
      validators: [dave, erin, ...newcomers],
    });
    expect(problemOf(verifyNonAdjacent(trusted, later.block, CLOCK))).toBeNull();
  });

  it('refuses a skip whose new set shares less than 1/3 of the trusted power', () => {
    // Only alice (10) and bob (20) stay: 30 of 150 = 20 %.
    const strangers = [signerOf('mallory', 100n), signerOf('trent', 100n)];
    const later = forgeLightBlock({
      chainId,
      height: 500n,
      time: timeAfter(3600),
      lastBlockHash: 'AB'.repeat(32),
      validators: [alice, bob, ...strangers],
    });
    expect(problemOf(verifyNonAdjacent(trusted, later.block, CLOCK))).toBe(
      'commit at 500: the trusted validators signed 20 % of their power, more than 1/3 needed',
    );
  });

  it('refuses a header beyond the trusted header’s trusting period, and one dated before it', () => {
    const fifteenDays = 15 * 24 * 3600;
    const late = forgeLightBlock({
      chainId,
      height: 900n,
      time: timeAfter(fifteenDays),
      lastBlockHash: 'AB'.repeat(32),
      validators: set,
    });
    expect(problemOf(verifyNonAdjacent(trusted, late.block, clockAfter(fifteenDays + 60)))).toMatch(
      /trusted header 10 .* is older than the trusting period of 14 days/,
    );
    const earlier = trustedAt(20n, 100, set);
    const backwards = forgeLightBlock({
      chainId,
      height: 21n,
      time: timeAfter(50),
      lastBlockHash: earlier.hash,
      validators: set,
    });
    expect(problemOf(verifyAdjacent(earlier, backwards.block, CLOCK))).toMatch(/not after the trusted header 20/);
  });

  it('refuses a next header signed by another set than the one named next', () => {
    const rotated = trustedAt(30n, 0, set, [alice, bob, carol, dave]);
    const next = forgeLightBlock({
      chainId,
      height: 31n,
      time: timeAfter(5),
      lastBlockHash: rotated.hash,
      validators: set,
    });
    expect(problemOf(verifyAdjacent(rotated, next.block, CLOCK))).toMatch(/another set than 30 named as next/);
  });
});
