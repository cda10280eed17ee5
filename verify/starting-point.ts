import type { BundleLightBlock, ProofBundle, TrustRootJson } from './bundle-format.ts';
import { refusal, type Checked } from './problem-codes.ts';
import type { GenesisSetSource } from './trust/genesis-set.ts';
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

export function startingPoint(bundle: ProofBundle, options: StartOptions): Checked<StartingPoint> {
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
      rootFrom: 'you',
      trustRoot: `the first validators of your genesis (SHA-256 ${mine.sha256}, from its ${mine.setFrom}), at height ${mine.initialHeight}`,
    };
  }
  if (options.trust) {
    const heights = bundle.light_blocks.map((block) => block.signed_header.header.height);
    if (!heights.includes(options.trust.height))
      return refusal(
        'not-proven',
        `this bundle signs no header at height ${options.trust.height}: a root of yours must be one of its signed ` +
          `headers (${heights.join(', ') || 'none'}): --trust HEIGHT:HASH with one of these heights and the hash ` +
          'your own source gives for it',
      );
  }
  if (options.trust)
    return {
      root: { kind: 'header', height: options.trust.height, hash: options.trust.hash },
      blocks: fromHeader(bundle.light_blocks, options.trust.height),
      rootFrom: 'you',
      trustRoot: `header ${options.trust.height} with hash ${options.trust.hash}, as you gave it`,
    };
  const root = bundle.trust_root;
  return {
    root,
    blocks: bundle.light_blocks,
    rootFrom: 'bundle',
    trustRoot:
      root.kind === 'genesis'
        ? `the genesis validators of ${bundle.chain_id} (height ${root.initial_height}), as the bundle gives them`
        : `header ${root.height} with hash ${root.hash}, as the bundle gives it`,
  };
}
