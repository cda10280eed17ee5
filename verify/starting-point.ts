import type { BundleLightBlock, ProofBundle, TrustRootJson } from './bundle-format.ts';
import { failed, refusal, type Checked } from './problem-codes.ts';
import {
  choiceWords,
  headersOfBundle,
  lowestLinkedFrom,
  neededHeights,
  rootChoicesOf,
  unreachedBelow,
} from './root-choices.ts';
import type { GenesisSetSource } from './trust/genesis-set.ts';
import { headerHashOf, type HeaderJson } from './trust/header.ts';
import type { ValidatorJson } from './trust/validator-set.ts';

// Where a check starts: the bundle's own root, a header the auditor trusts (--trust), or the
// first validators of a genesis the auditor has (--genesis) — and, when the auditor expects a
// genesis by its SHA-256, whether that is the one.

/** A genesis the auditor has (a file whose SHA-256 they compared): its first set, derived by the verifier. */
export interface AuditorGenesis {
  chainId: string;
  initialHeight: string;
  genesisTime: string;
  validators: ValidatorJson[];
  setFrom: GenesisSetSource;
  sha256: string;
}

interface StartOptions {
  trust?: { height: string; hash: string };
  genesis?: AuditorGenesis;
  expectGenesisSha256?: string;
}

export interface StartingPoint {
  root: TrustRootJson;
  blocks: BundleLightBlock[];
  /** Headers proven by the hash link from the header above each: below an auditor's root, its signed ones too. */
  linked: HeaderJson[];
  rootFrom: 'you' | 'bundle';
  /** Where trust starts, in words. */
  trustRoot: string;
}

/** From the auditor's own header on: a header the bundle verified from below it is verified from the one before it. */
function fromHeader(blocks: readonly BundleLightBlock[], height: string): BundleLightBlock[] {
  const from = BigInt(height);
  return blocks
    .filter((block) => BigInt(block.signed_header.header.height) >= from)
    .map((block) =>
      block.verified_from !== undefined && BigInt(block.verified_from) < from
        ? { ...block, verified_from: undefined }
        : block,
    );
}

/**
 * From a header the auditor trusts: later signed headers by their signatures, every earlier
 * header by hash links down from it — which only an unbroken run of headers in the bundle allows.
 */
function fromAuditorHeader(bundle: ProofBundle, trust: { height: string; hash: string }): Checked<StartingPoint> {
  const { choices } = rootChoicesOf(bundle);
  const canBe = `heights that can be your root in this bundle: ${choiceWords(choices)} (--trust HEIGHT:HASH, with the hash your own source gives for that height)`;
  const signed = bundle.light_blocks.some((block) => block.signed_header.header.height === trust.height);
  if (!signed) return refusal('not-proven', `this bundle signs no header at height ${trust.height}: ${canBe}`);
  const from = BigInt(trust.height);
  const present = new Set(headersOfBundle(bundle).keys());
  const unreached = unreachedBelow(from, neededHeights(bundle), present);
  if (unreached !== null)
    return refusal(
      'not-proven',
      `header ${trust.height} can be your root only with every header from it down to header ${unreached}, ` +
        `which a record rests on, linked by hash; this bundle's run of headers stops at ` +
        `${lowestLinkedFrom(from, present)} (the archive gives the links with links_from=${trust.height}): ${canBe}`,
    );
  // Headers below the root that no record needs and no link reaches are left out, not refused.
  const reached = lowestLinkedFrom(from, present);
  const below = bundle.light_blocks
    .map((block) => block.signed_header.header)
    .filter((header) => BigInt(header.height) < from && BigInt(header.height) >= reached);
  const linked = bundle.linked_headers.filter((header) => BigInt(header.height) >= reached);
  return {
    root: { kind: 'header', height: trust.height, hash: trust.hash },
    blocks: fromHeader(bundle.light_blocks, trust.height),
    linked: [...linked, ...below],
    rootFrom: 'you',
    trustRoot: `header ${trust.height} with hash ${trust.hash}, as you gave it`,
  };
}

function expectedGenesisProblem(bundle: ProofBundle, options: StartOptions) {
  const expected = options.expectGenesisSha256?.toLowerCase();
  if (expected === undefined) return null;
  const provenance = bundle.root_provenance;
  const named = options.genesis?.sha256 ?? (provenance?.kind === 'genesis' ? provenance.genesis_sha256 : null);
  if (named === null)
    return refusal(
      'genesis-mismatch',
      'the bundle names no genesis SHA-256 (its root is not a genesis the archive read in chunks): give the file, --genesis FILE',
    );
  if (named !== expected)
    return refusal(
      'genesis-mismatch',
      `${options.genesis ? 'your genesis file' : 'the genesis the archive names'} has SHA-256 ${named}, not the expected ${expected}`,
    );
  return null;
}

/**
 * Rule T4: one header per height. A linked header beside a signed one of the same height must be
 * that header; two different ones are evidence of a fork or a forgery, refused with both named,
 * never one of them quietly set aside.
 */
function conflictingHeaders(bundle: ProofBundle): ReturnType<typeof refusal> | null {
  const signed = new Map(
    bundle.light_blocks.map((block) => [block.signed_header.header.height, block.signed_header.header]),
  );
  for (const header of bundle.linked_headers) {
    const other = signed.get(header.height);
    if (!other) continue;
    const [linkedHash, signedHash] = [headerHashOf(header), headerHashOf(other)];
    if (failed(linkedHash) || failed(signedHash) || linkedHash.hash === signedHash.hash) continue;
    return refusal(
      'conflicting-headers',
      `T4: the bundle holds two headers at height ${header.height}: the signed one hashes to ${signedHash.hash}, a linked one to ${linkedHash.hash} (both are in the bundle, as evidence)`,
    );
  }
  return null;
}

export function startingPoint(bundle: ProofBundle, options: StartOptions): Checked<StartingPoint> {
  const conflict = conflictingHeaders(bundle);
  if (conflict) return conflict;
  const expected = expectedGenesisProblem(bundle, options);
  if (expected) return expected;
  if (options.genesis) {
    const mine = options.genesis;
    if (mine.chainId !== bundle.chain_id)
      return refusal('wrong-chain', `your genesis is of chain ${mine.chainId}, the bundle of ${bundle.chain_id}`);
    return {
      root: {
        kind: 'genesis',
        initial_height: mine.initialHeight,
        genesis_time: mine.genesisTime,
        validators: mine.validators,
      },
      blocks: bundle.light_blocks,
      linked: bundle.linked_headers,
      rootFrom: 'you',
      trustRoot: `the first validators of your genesis (SHA-256 ${mine.sha256}, from its ${mine.setFrom}), at height ${mine.initialHeight}`,
    };
  }
  if (options.trust) return fromAuditorHeader(bundle, options.trust);
  const root = bundle.trust_root;
  return {
    root,
    blocks: bundle.light_blocks,
    linked: bundle.linked_headers,
    rootFrom: 'bundle',
    trustRoot:
      root.kind === 'genesis'
        ? `the genesis validators of ${bundle.chain_id} (height ${root.initial_height}), as the bundle gives them`
        : `header ${root.height} with hash ${root.hash}, as the bundle gives it`,
  };
}
