import { refusal, type Refusal } from '../problem-codes.ts';
import type { CommitJson, HeaderJson, ValidatorJson } from './rpc-json.ts';

// CometBFT's bounds, checked before any number is encoded, hashed, added up or cached. Protobuf
// varints silently wrap at 2^64 and sfixed64 at 2^63, so a power or height written past them
// would hash like a small one while counting as a huge one: every number is refused outside the
// type CometBFT gives it (types/validator_set.go MaxTotalVotingPower, types/block.go).

export const MAX_INT64 = (1n << 63n) - 1n;
const MAX_INT32 = (1n << 31n) - 1n;
const MAX_UINT32 = (1n << 32n) - 1n;
const MAX_UINT64 = (1n << 64n) - 1n;
/** The largest total voting power CometBFT allows: int64's maximum over 8, so priorities never overflow. */
export const MAX_TOTAL_VOTING_POWER = MAX_INT64 / 8n;

const DECIMAL = /^(?:0|[1-9]\d*)$/;

/** A decimal string (no sign, no leading zero) within [low, high], as a bigint; null otherwise. */
export function integerWithin(text: unknown, low: bigint, high: bigint): bigint | null {
  if (typeof text !== 'string' || text.length > 25 || !DECIMAL.test(text)) return null;
  const value = BigInt(text);
  return value >= low && value <= high ? value : null;
}

/** A JSON number that is an integer within [low, high]. */
const wholeWithin = (value: unknown, low: bigint, high: bigint) =>
  typeof value === 'number' && Number.isSafeInteger(value) && BigInt(value) >= low && BigInt(value) <= high;

/** A block height: 1 to int64's maximum. */
export const heightOf = (text: unknown) => integerWithin(text, 1n, MAX_INT64);

const outOfRange = (what: string, value: unknown) =>
  refusal('integer-out-of-range', `${what} ${String(value)} is not an integer within its type`);

/** A header's and its commit's numbers within CometBFT's types, or why not. */
export function signedHeaderBoundsProblem(header: HeaderJson, commit: CommitJson | null): Refusal | null {
  return headerBoundsProblem(header) ?? (commit === null ? null : commitBoundsProblem(commit));
}

function headerBoundsProblem(header: HeaderJson): Refusal | null {
  if (heightOf(header.height) === null) return outOfRange('height', header.height);
  if (integerWithin(header.version.block, 0n, MAX_UINT64) === null)
    return outOfRange('block version', header.version.block);
  if (header.version.app !== undefined && integerWithin(header.version.app, 0n, MAX_UINT64) === null)
    return outOfRange('app version', header.version.app);
  if (!wholeWithin(header.last_block_id.parts.total, 0n, MAX_UINT32))
    return outOfRange('part total', header.last_block_id.parts.total);
  return null;
}

/** A commit's numbers within CometBFT's types: height, round (int32), part total (uint32), flags. */
export function commitBoundsProblem(commit: CommitJson): Refusal | null {
  if (heightOf(commit.height) === null) return outOfRange('commit height', commit.height);
  if (!wholeWithin(commit.round, 0n, MAX_INT32)) return outOfRange('round', commit.round);
  if (!wholeWithin(commit.block_id.parts.total, 0n, MAX_UINT32))
    return outOfRange('part total', commit.block_id.parts.total);
  for (const sig of commit.signatures) {
    if (!wholeWithin(sig.block_id_flag, 1n, 3n)) return outOfRange('block id flag', sig.block_id_flag);
  }
  return null;
}

/** Power descending, then address ascending: the order CometBFT keeps a set in and hashes it in. */
function inOrder(before: ValidatorJson, after: ValidatorJson, beforePower: bigint, afterPower: bigint): boolean {
  if (beforePower !== afterPower) return beforePower > afterPower;
  return before.address.toUpperCase() < after.address.toUpperCase();
}

/**
 * The set as CometBFT accepts one (ValidatorSet.ValidateBasic and its updates): not empty, every
 * power from 1 to the maximum total, the total within it, no address or key twice, in its order.
 * Answers the total power, or why the set is refused.
 */
export function validatorSetBoundsProblem(validators: readonly ValidatorJson[]): Refusal | { total: bigint } {
  if (validators.length === 0) return refusal('empty-validator-set', 'the validator set is empty');
  const addresses = new Set<string>();
  const keys = new Set<string>();
  let total = 0n;
  let previous: { validator: ValidatorJson; power: bigint } | null = null;
  for (const validator of validators) {
    const power = integerWithin(validator.voting_power, 1n, MAX_TOTAL_VOTING_POWER);
    if (power === null) {
      return refusal(
        'power-out-of-range',
        `validator ${validator.address} has voting power ${validator.voting_power}: CometBFT allows 1 to ${MAX_TOTAL_VOTING_POWER}`,
      );
    }
    total += power;
    if (total > MAX_TOTAL_VOTING_POWER) {
      return refusal(
        'total-power-out-of-range',
        `the validator set's total voting power exceeds ${MAX_TOTAL_VOTING_POWER}, the most CometBFT allows`,
      );
    }
    const address = validator.address.toUpperCase();
    if (addresses.has(address)) return refusal('duplicate-validator', `validator ${address} is in the set twice`);
    if (keys.has(validator.pub_key.value))
      return refusal('duplicate-validator', `the key of validator ${address} is in the set twice`);
    addresses.add(address);
    keys.add(validator.pub_key.value);
    if (previous && !inOrder(previous.validator, validator, previous.power, power)) {
      return refusal(
        'validator-set-out-of-order',
        `the validator set is not in CometBFT's order (power descending, then address): ${address} comes after ${previous.validator.address.toUpperCase()}`,
      );
    }
    previous = { validator, power };
  }
  return { total };
}
