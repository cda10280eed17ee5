import { shareOf, verifyCommitLight, verifyCommitLightTrusting, type CommitJson, type PowerSigned } from './commit.ts';
import { headerHashOf, nanosOf, timestampOf, type HeaderJson } from './header.ts';
import { validatorSetHashOf, type ValidatorJson } from './validator-set.ts';

// CometBFT's light client rules (light/verifier.go): a header signed by a set it names, and how a
// trusted header vouches for a later one — adjacent (the next set it named signed) or skipping
// (validators it trusts hold more than the trust level of the later commit).

export interface LightBlockJson {
  signed_header: { header: HeaderJson; commit: CommitJson };
  validator_set: ValidatorJson[];
}

/** A header the verifier has proven, with the set that signed it. */
export interface TrustedBlock {
  header: HeaderJson;
  hash: string;
  validators: ValidatorJson[];
}

export interface TrustOptions {
  /** How long a trusted header vouches for later ones, in seconds (CometBFT's trusting period). */
  trustingPeriodSeconds: bigint;
  trustLevel: { numerator: bigint; denominator: bigint };
  /**
   * The moment a step is judged at: the wall clock for a live follower, or — for history — the
   * time of the header being verified, so a chain of trust holds if each hop was within the
   * trusting period when it was made.
   */
  now: 'header-time' | { nanos: bigint };
  maxClockDriftSeconds: bigint;
}

export const DEFAULT_TRUST: TrustOptions = {
  trustingPeriodSeconds: 14n * 24n * 3600n,
  trustLevel: { numerator: 1n, denominator: 3n },
  now: 'header-time',
  maxClockDriftSeconds: 10n,
};

export type Checked<T> = T | { problem: string };
export const failed = <T extends object>(result: Checked<T>): result is { problem: string } => 'problem' in result;

/** The header's own consistency: chain, hash, the set named by validators_hash, > 2/3 signed. */
export function checkSignedHeader(
  chainId: string,
  block: LightBlockJson,
): Checked<TrustedBlock & { power: PowerSigned }> {
  const { header, commit } = block.signed_header;
  if (header.chain_id !== chainId)
    return { problem: `header ${header.height} is of chain ${header.chain_id}, not ${chainId}` };
  const hashed = headerHashOf(header);
  if (failed(hashed)) return hashed;
  const setHash = validatorSetHashOf(block.validator_set);
  if (failed(setHash)) return setHash;
  if (setHash.hash !== header.validators_hash.toUpperCase()) {
    return { problem: `the validator set given for ${header.height} does not hash to its validators_hash` };
  }
  const blockId = { hash: hashed.hash, parts: commit.block_id.parts };
  const power = verifyCommitLight(chainId, block.validator_set, blockId, header.height, commit);
  if (failed(power)) return power;
  return { header, hash: hashed.hash, validators: block.validator_set, power };
}

function timeProblem(trusted: TrustedBlock, untrusted: HeaderJson, options: TrustOptions): string | null {
  const trustedTime = timestampOf(trusted.header.time);
  const untrustedTime = timestampOf(untrusted.time);
  if (!trustedTime || !untrustedTime)
    return `header ${untrusted.height} or ${trusted.header.height} has no usable time`;
  const untrustedNanos = nanosOf(untrustedTime);
  if (untrustedNanos <= nanosOf(trustedTime)) {
    return `header ${untrusted.height} is dated ${untrusted.time}, not after the trusted header ${trusted.header.height} (${trusted.header.time})`;
  }
  const now = options.now === 'header-time' ? untrustedNanos : options.now.nanos;
  const expiry = nanosOf(trustedTime) + options.trustingPeriodSeconds * 1_000_000_000n;
  if (expiry <= now) {
    const days = options.trustingPeriodSeconds / 86_400n;
    return `the trusted header ${trusted.header.height} (${trusted.header.time}) expired before header ${untrusted.height} (${untrusted.time}): it vouches for ${days} days`;
  }
  if (options.now !== 'header-time' && untrustedNanos >= now + options.maxClockDriftSeconds * 1_000_000_000n) {
    return `header ${untrusted.height} is dated ${untrusted.time}, in the future`;
  }
  return null;
}

/** The next height: signed by the set the trusted header named as next, and linked to it. */
export function verifyAdjacent(
  trusted: TrustedBlock,
  untrusted: LightBlockJson,
  options: TrustOptions,
): Checked<TrustedBlock & { power: PowerSigned }> {
  const header = untrusted.signed_header.header;
  if (BigInt(header.height) !== BigInt(trusted.header.height) + 1n) {
    return { problem: `header ${header.height} does not follow ${trusted.header.height}` };
  }
  const time = timeProblem(trusted, header, options);
  if (time) return { problem: time };
  if (header.validators_hash.toUpperCase() !== trusted.header.next_validators_hash.toUpperCase()) {
    return { problem: `header ${header.height} is signed by another set than ${trusted.header.height} named as next` };
  }
  if (header.last_block_id.hash.toUpperCase() !== trusted.hash) {
    return { problem: `header ${header.height} does not link to the trusted header ${trusted.header.height}` };
  }
  return checkSignedHeader(trusted.header.chain_id, untrusted);
}

/** A later height: the trusted set holds more than the trust level of its commit, and its own set > 2/3. */
export function verifyNonAdjacent(
  trusted: TrustedBlock,
  untrusted: LightBlockJson,
  options: TrustOptions,
): Checked<TrustedBlock & { power: PowerSigned; trustedPower: PowerSigned }> {
  const header = untrusted.signed_header.header;
  if (BigInt(header.height) <= BigInt(trusted.header.height) + 1n) {
    return { problem: `header ${header.height} is not beyond the next height of ${trusted.header.height}` };
  }
  const time = timeProblem(trusted, header, options);
  if (time) return { problem: time };
  const own = checkSignedHeader(trusted.header.chain_id, untrusted);
  if (failed(own)) return own;
  const trustedPower = verifyCommitLightTrusting(
    trusted.header.chain_id,
    trusted.validators,
    untrusted.signed_header.commit,
    options.trustLevel,
  );
  if (failed(trustedPower)) return trustedPower;
  return { ...own, trustedPower };
}

export const describePower = (power: PowerSigned) => `${shareOf(power)} of the power`;
