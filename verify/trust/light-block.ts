import { failed, refusal, type Checked } from '../problem-codes.ts';
import { signedHeaderBoundsProblem } from './bounds.ts';
import { shareOf, verifyCommitLight, verifyCommitLightTrusting, type CommitJson, type PowerSigned } from './commit.ts';
import { headerHashOf, nanosOf, timestampOf, type HeaderJson } from './header.ts';
import { validatorSetHashOf, type ValidatorJson } from './validator-set.ts';
import { VerifierMemory } from './verifier-memory.ts';

export { failed, type Checked } from '../problem-codes.ts';

// CometBFT's light client rules (light/verifier.go): a header signed by a set it names, and how a
// trusted header vouches for a later one — adjacent (the next set it named signed) or skipping
// (validators it trusts hold more than the trust level of the later commit). A trusted header
// vouches only while it is younger than the trusting period by the verifier's own clock: those who
// signed it may have unbonded since, and could then sign anything unpunished.

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
  /** How long a trusted header vouches for later ones, in seconds (the verifier's, never a bundle's). */
  trustingPeriodSeconds: bigint;
  trustLevel: { numerator: bigint; denominator: bigint };
  /** The verifier's clock, in nanoseconds since the epoch: now, or the instant an auditor asks about. */
  nowNanos: bigint;
  /** How far ahead of that clock a header may be dated (CometBFT's default: 10 s). */
  maxClockDriftSeconds: bigint;
  /** What this verification remembers (sets hashed, signatures checked); a fresh one when absent. */
  memory?: VerifierMemory;
}

const NANOS_PER_SECOND = 1_000_000_000n;
/** CometBFT's advice for a Cosmos chain: two thirds of staking's 21-day unbonding time. */
export const DEFAULT_TRUSTING_PERIOD_SECONDS = 14n * 24n * 3600n;
export const DEFAULT_MAX_CLOCK_DRIFT_SECONDS = 10n;

export const nanosOfMillis = (millis: number) => BigInt(Math.floor(millis)) * 1_000_000n;

/** Trust options at the verifier's clock (now unless given), with CometBFT's defaults otherwise. */
export function trustOptionsAt(
  nowNanos: bigint = nanosOfMillis(Date.now()),
  trustingPeriodSeconds: bigint = DEFAULT_TRUSTING_PERIOD_SECONDS,
): TrustOptions {
  return {
    trustingPeriodSeconds,
    trustLevel: { numerator: 1n, denominator: 3n },
    nowNanos,
    maxClockDriftSeconds: DEFAULT_MAX_CLOCK_DRIFT_SECONDS,
  };
}

/** Two thirds of an unbonding time, as CometBFT advises for the trusting period. */
export const trustingPeriodOfUnbonding = (unbondingSeconds: bigint) => (unbondingSeconds * 2n) / 3n;

/** When a trusted header stops vouching (nanoseconds), or null when its time is unusable. */
export function expiryOf(header: HeaderJson, options: TrustOptions): bigint | null {
  const time = timestampOf(header.time);
  return time ? nanosOf(time) + options.trustingPeriodSeconds * NANOS_PER_SECOND : null;
}

/** The trusted header has outlived the trusting period at the verifier's clock (light.HeaderExpired). */
export function expiryProblem(trusted: HeaderJson, options: TrustOptions) {
  const expiry = expiryOf(trusted, options);
  if (expiry === null) return refusal('malformed', `header ${trusted.height} has no usable time`);
  if (expiry <= options.nowNanos) {
    const days = Number((options.trustingPeriodSeconds * 100n) / 86_400n) / 100;
    return refusal(
      'trusted-header-expired',
      `the trusted header ${trusted.height} (${trusted.time}) is older than the trusting period of ${days} days at ${isoOfNanos(options.nowNanos)}: it vouches for nothing after ${isoOfNanos(expiry)}`,
    );
  }
  return null;
}

/** The header is not dated beyond the verifier's clock plus the drift allowed. */
export function futureProblem(header: HeaderJson, options: TrustOptions) {
  const time = timestampOf(header.time);
  if (!time) return refusal('malformed', `header ${header.height} has no usable time`);
  if (nanosOf(time) >= options.nowNanos + options.maxClockDriftSeconds * NANOS_PER_SECOND) {
    return refusal(
      'header-from-the-future',
      `header ${header.height} is dated ${header.time}, after the verifier's clock (${isoOfNanos(options.nowNanos)}) and its ${options.maxClockDriftSeconds} s of drift`,
    );
  }
  return null;
}

/** RFC 3339 of a nanosecond instant (to the millisecond: for sentences). */
export const isoOfNanos = (nanos: bigint) => new Date(Number(nanos / 1_000_000n)).toISOString();

/** The header's own consistency: bounds, chain, hash, the set named by validators_hash, > 2/3 signed. */
export function checkSignedHeader(
  chainId: string,
  block: LightBlockJson,
  memory: VerifierMemory = new VerifierMemory(),
): Checked<TrustedBlock & { power: PowerSigned }> {
  const { header, commit } = block.signed_header;
  const bounds = signedHeaderBoundsProblem(header, commit);
  if (bounds) return bounds;
  if (header.chain_id !== chainId)
    return refusal('wrong-chain', `header ${header.height} is of chain ${header.chain_id}, not ${chainId}`);
  const hashed = headerHashOf(header);
  if (failed(hashed)) return hashed;
  const setHash = validatorSetHashOf(block.validator_set, memory);
  if (failed(setHash)) return setHash;
  if (setHash.hash !== header.validators_hash.toUpperCase()) {
    return refusal(
      'validator-set-mismatch',
      `the validator set given for ${header.height} does not hash to its validators_hash`,
    );
  }
  const blockId = { hash: hashed.hash, parts: commit.block_id.parts };
  const power = verifyCommitLight(chainId, block.validator_set, blockId, header.height, commit, memory);
  if (failed(power)) return power;
  return { header, hash: hashed.hash, validators: block.validator_set, power };
}

/** light.verifyNewHeaderAndVals's time rules, and the trusted header's expiry. */
function timeProblem(trusted: TrustedBlock, untrusted: HeaderJson, options: TrustOptions) {
  const expired = expiryProblem(trusted.header, options);
  if (expired) return expired;
  const trustedTime = timestampOf(trusted.header.time);
  const untrustedTime = timestampOf(untrusted.time);
  if (!trustedTime || !untrustedTime)
    return refusal('malformed', `header ${untrusted.height} or ${trusted.header.height} has no usable time`);
  if (nanosOf(untrustedTime) <= nanosOf(trustedTime)) {
    return refusal(
      'header-not-after-trusted',
      `header ${untrusted.height} is dated ${untrusted.time}, not after the trusted header ${trusted.header.height} (${trusted.header.time})`,
    );
  }
  return futureProblem(untrusted, options);
}

/** The next height: signed by the set the trusted header named as next, and linked to it. */
export function verifyAdjacent(
  trusted: TrustedBlock,
  untrusted: LightBlockJson,
  options: TrustOptions,
): Checked<TrustedBlock & { power: PowerSigned }> {
  const header = untrusted.signed_header.header;
  const bounds = signedHeaderBoundsProblem(header, untrusted.signed_header.commit);
  if (bounds) return bounds;
  if (BigInt(header.height) !== BigInt(trusted.header.height) + 1n) {
    return refusal('heights-out-of-order', `header ${header.height} does not follow ${trusted.header.height}`);
  }
  const time = timeProblem(trusted, header, options);
  if (time) return time;
  if (header.validators_hash.toUpperCase() !== trusted.header.next_validators_hash.toUpperCase()) {
    return refusal(
      'next-validators-mismatch',
      `header ${header.height} is signed by another set than ${trusted.header.height} named as next`,
    );
  }
  if (header.last_block_id.hash.toUpperCase() !== trusted.hash) {
    return refusal(
      'not-linked',
      `header ${header.height} does not link to the trusted header ${trusted.header.height}`,
    );
  }
  return checkSignedHeader(trusted.header.chain_id, untrusted, options.memory);
}

/** A later height: the trusted set holds more than the trust level of its commit, and its own set > 2/3. */
export function verifyNonAdjacent(
  trusted: TrustedBlock,
  untrusted: LightBlockJson,
  options: TrustOptions,
): Checked<TrustedBlock & { power: PowerSigned; trustedPower: PowerSigned }> {
  const header = untrusted.signed_header.header;
  const bounds = signedHeaderBoundsProblem(header, untrusted.signed_header.commit);
  if (bounds) return bounds;
  if (BigInt(header.height) <= BigInt(trusted.header.height) + 1n) {
    return refusal(
      'heights-out-of-order',
      `header ${header.height} is not beyond the next height of ${trusted.header.height}`,
    );
  }
  const time = timeProblem(trusted, header, options);
  if (time) return time;
  const own = checkSignedHeader(trusted.header.chain_id, untrusted, options.memory);
  if (failed(own)) return own;
  const trustedPower = verifyCommitLightTrusting(
    trusted.header.chain_id,
    trusted.validators,
    untrusted.signed_header.commit,
    options.trustLevel,
    options.memory,
  );
  if (failed(trustedPower)) return trustedPower;
  return { ...own, trustedPower };
}

export const describePower = (power: PowerSigned) => `${shareOf(power)} of the power`;
