import type { BundleLightBlock, TrustRootJson } from '../bundle-format.ts';
import { failed, refusal, type ProblemCode, type Refusal } from '../problem-codes.ts';
import { headerHashOf, type HeaderJson } from './header.ts';
import {
  checkSignedHeader,
  describePower,
  expiryOf,
  verifyAdjacent,
  verifyNonAdjacent,
  type LightBlockJson,
  type TrustedBlock,
  type TrustOptions,
} from './light-block.ts';
import { inCometOrder, setWords, validatorSetHashOf, type ValidatorJson } from './validator-set.ts';

// From a trust root to every header a bundle relies on: signed headers verified one from another,
// then headers proven by the hash link from the header above them. Each step says how it was
// proven, or what failed; the first failure ends the chain (nothing after it is trusted).

export interface TrustStep {
  height: string;
  how: 'trust root' | 'adjacent' | 'skipping' | 'hash link';
  ok: boolean;
  detail: string;
  /** Why the step failed, as a stable code (null when it holds). */
  code?: ProblemCode;
  /**
   * For a signed header: the voting power of its own validator set that signed its commit, and
   * the set's total (decimal strings, so a report travels as JSON and to a browser's worker).
   */
  power?: { signed: string; total: string };
}

const powerOf = ({ signed, total }: { signed: bigint; total: bigint }) => ({
  signed: signed.toString(),
  total: total.toString(),
});

export interface ChainOfTrust {
  steps: TrustStep[];
  /** Proven headers by height. */
  proven: Map<string, HeaderJson>;
  failure: string | null;
  failureCode: ProblemCode | null;
  /**
   * When the chain of trust stops holding (nanoseconds): the earliest expiry of a header that
   * vouched for a later one. Null when no header vouched for another (hash links only).
   */
  holdsUntilNanos: bigint | null;
  /** The root header, once it checked: its height, hash and time. */
  root: { height: string; hash: string; time: string } | null;
}

/** What a genesis gave and what the header at its initial height names instead. */
export function genesisMismatchWords(
  genesis: readonly ValidatorJson[],
  genesisHash: string,
  first: LightBlockJson,
): string {
  const header = first.signed_header.header;
  const named = first.validator_set;
  return (
    `header ${header.height} is not signed by the genesis validators: ` +
    `the genesis gives ${genesis.length} validators (${setWords(inCometOrder(genesis))}) hashing to ${genesisHash}; ` +
    `header ${header.height} names ${header.validators_hash.toUpperCase()} (${named.length} validators: ${setWords(named)})`
  );
}

function rootProblem(
  root: TrustRootJson,
  first: LightBlockJson,
  chainId: string,
  options: TrustOptions,
): Refusal | null {
  const header = first.signed_header.header;
  if (root.kind === 'header') {
    if (header.height !== root.height)
      return refusal('not-proven', `the first signed header is ${header.height}, the trust root is at ${root.height}`);
    const hashed = headerHashOf(header);
    if (failed(hashed)) return hashed;
    if (hashed.hash !== root.hash.toUpperCase())
      return refusal(
        'header-hash-mismatch',
        `header ${header.height} hashes to ${hashed.hash}, the trust root says ${root.hash}`,
      );
  } else {
    if (header.height !== root.initial_height)
      return refusal(
        'not-proven',
        `the first signed header is ${header.height}, the chain starts at ${root.initial_height}`,
      );
    // A genesis lists its validators in any order; CometBFT keeps them in its own, and refuses
    // the list (a key twice, a power out of bounds) before it makes a set of them.
    const genesisSet = validatorSetHashOf(inCometOrder(root.validators), options.memory);
    if (failed(genesisSet)) return refusal(genesisSet.code, `the genesis validators: ${genesisSet.problem}`);
    if (genesisSet.hash !== header.validators_hash.toUpperCase())
      return refusal('validator-set-mismatch', genesisMismatchWords(root.validators, genesisSet.hash, first));
  }
  const signed = checkSignedHeader(chainId, first, options.memory);
  return failed(signed) ? signed : null;
}

/** Verifies `blocks` (ascending) from `root`, then `linked` headers by the hash chain. */
export function verifyChainOfTrust(
  chainId: string,
  root: TrustRootJson,
  blocks: readonly BundleLightBlock[],
  linked: readonly HeaderJson[],
  options: TrustOptions,
): ChainOfTrust {
  const steps: TrustStep[] = [];
  const proven = new Map<string, HeaderJson>();
  let holdsUntilNanos: bigint | null = null;
  let rootSeen: ChainOfTrust['root'] = null;
  const fail = (height: string, how: TrustStep['how'], refused: Refusal): ChainOfTrust => {
    steps.push({ height, how, ok: false, detail: refused.problem, code: refused.code });
    return {
      steps,
      proven,
      failure: refused.problem,
      failureCode: refused.code,
      holdsUntilNanos,
      root: rootSeen,
    };
  };
  if (blocks.length === 0)
    return fail(
      root.kind === 'header' ? root.height : root.initial_height,
      'trust root',
      refusal('no-signed-header', 'the bundle has no signed header'),
    );
  const first = blocks[0];
  const firstHeight = first.signed_header.header.height;
  const problem = rootProblem(root, first, chainId, options);
  if (problem) return fail(firstHeight, 'trust root', problem);
  const firstHash = headerHashOf(first.signed_header.header);
  if (failed(firstHash)) return fail(firstHeight, 'trust root', firstHash);
  let previous: TrustedBlock = {
    header: first.signed_header.header,
    hash: firstHash.hash,
    validators: first.validator_set,
  };
  rootSeen = { height: firstHeight, hash: firstHash.hash, time: first.signed_header.header.time };
  const trustedByHeight = new Map([[firstHeight, previous]]);
  proven.set(firstHeight, previous.header);
  steps.push({
    height: firstHeight,
    how: 'trust root',
    ok: true,
    detail:
      root.kind === 'genesis' ? 'signed by the genesis validators' : `hash ${firstHash.hash}, as the trust root says`,
  });
  for (const block of blocks.slice(1)) {
    const height = block.signed_header.header.height;
    const trusted = block.verified_from === undefined ? previous : trustedByHeight.get(block.verified_from);
    if (!trusted)
      return fail(
        height,
        'skipping',
        refusal('not-proven', `header ${height} is to be verified from ${block.verified_from}, which is not proven`),
      );
    if (!/^\d{1,19}$/.test(height) || BigInt(trusted.header.height) >= BigInt(height))
      return fail(
        height,
        'skipping',
        refusal('heights-out-of-order', `header ${height} does not come after the header it is verified from`),
      );
    const adjacent = BigInt(height) === BigInt(trusted.header.height) + 1n;
    let result: TrustedBlock & { power: { signed: bigint; total: bigint } };
    let detail: string;
    if (adjacent) {
      const checked = verifyAdjacent(trusted, block, options);
      if (failed(checked)) return fail(height, 'adjacent', checked);
      result = checked;
      detail = `signed by ${describePower(checked.power)} of the set ${trusted.header.height} named`;
    } else {
      const checked = verifyNonAdjacent(trusted, block, options);
      if (failed(checked)) return fail(height, 'skipping', checked);
      result = checked;
      detail = `validators trusted at ${trusted.header.height} signed ${describePower(checked.trustedPower)}; its own set ${describePower(checked.power)}`;
    }
    steps.push({ height, how: adjacent ? 'adjacent' : 'skipping', ok: true, detail, power: powerOf(result.power) });
    const expiry = expiryOf(trusted.header, options);
    if (expiry !== null && (holdsUntilNanos === null || expiry < holdsUntilNanos)) holdsUntilNanos = expiry;
    previous = result;
    trustedByHeight.set(height, result);
    proven.set(height, result.header);
  }
  const byHeightDescending = [...linked].sort((left, right) => (BigInt(right.height) > BigInt(left.height) ? 1 : -1));
  for (const header of byHeightDescending) {
    const above = proven.get((BigInt(header.height) + 1n).toString());
    const hashed = headerHashOf(header);
    if (failed(hashed)) return fail(header.height, 'hash link', hashed);
    if (!above)
      return fail(
        header.height,
        'hash link',
        refusal('not-proven', `no proven header at ${BigInt(header.height) + 1n} links to header ${header.height}`),
      );
    if (above.last_block_id.hash.toUpperCase() !== hashed.hash) {
      return fail(
        header.height,
        'hash link',
        refusal(
          'header-hash-mismatch',
          `header ${above.height} links to ${above.last_block_id.hash}, not to this header (${hashed.hash})`,
        ),
      );
    }
    if (header.chain_id !== chainId)
      return fail(
        header.height,
        'hash link',
        refusal('wrong-chain', `header ${header.height} is of chain ${header.chain_id}`),
      );
    proven.set(header.height, header);
    steps.push({ height: header.height, how: 'hash link', ok: true, detail: `named by header ${above.height}` });
  }
  return { steps, proven, failure: null, failureCode: null, holdsUntilNanos, root: rootSeen };
}
