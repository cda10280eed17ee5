import type { FactJson, ProofBundle } from './bundle-format.ts';
import { parseBundle } from './bundle-schema.ts';
import { bytesOfBase64, bytesOfHex } from './bytes.ts';
import { verifyChainOfTrust, type TrustStep } from './chain-of-trust.ts';
import { claimMismatch, messagesOfTx, statementOfRecord, type Statement } from './facts.ts';
import { preverifySignatures } from './fast-signatures.ts';
import type { HeaderJson } from './header.ts';
import { DEFAULT_TRUST, type TrustOptions } from './light-block.ts';
import { storeProofProblem } from './store-proof.ts';
import { resultInBlockProblem, txInBlockProblem } from './tx-proof.ts';

// Checks a whole bundle: the chain of trust, then each fact against the headers it proved. The
// report says, for every fact, what the proven bytes say and how, or why it is not proven.

export interface FactVerdict {
  kind: FactJson['kind'];
  height: string;
  claim: Statement;
  /** What the proven bytes say (for a transaction, its group message). */
  proven: Statement | null;
  ok: boolean;
  how: string;
}

export interface BundleReport {
  ok: boolean;
  /** Why nothing could be checked (not a bundle, a broken chain of trust), or null. */
  problem: string | null;
  chainId: string;
  subject: ProofBundle['subject'] | null;
  trustRoot: string;
  steps: TrustStep[];
  facts: FactVerdict[];
  unproven: ProofBundle['unproven'];
}

export interface VerifyOptions {
  /** A header the auditor trusts, got elsewhere: replaces the bundle's own trust root. */
  trust?: { height: string; hash: string };
  /** The moment to judge by; historical bundles default to each header's own time. */
  now?: TrustOptions['now'];
}

const plus1 = (height: string) => (BigInt(height) + 1n).toString();

function txVerdict(fact: Extract<FactJson, { kind: 'tx' }>, proven: Map<string, HeaderJson>): FactVerdict {
  const base = { kind: fact.kind, height: fact.height, claim: fact.claim, proven: null, ok: false };
  const block = proven.get(fact.height);
  const next = proven.get(plus1(fact.height));
  if (!block || !next) return { ...base, how: `header ${block ? plus1(fact.height) : fact.height} is not proven` };
  const tx = bytesOfBase64(fact.tx);
  if (!tx) return { ...base, how: 'the transaction is not base64' };
  const included = txInBlockProblem(tx, fact.tx_path, block.data_hash);
  if (included) return { ...base, how: included };
  const succeeded = resultInBlockProblem(fact.result, fact.result_path, next.last_results_hash);
  if (succeeded) return { ...base, how: succeeded };
  const messages = messagesOfTx(tx, bytesOfBase64(fact.result.data ?? '') ?? undefined);
  if ('problem' in messages) return { ...base, how: messages.problem };
  const matching = messages.find((message) => claimMismatch(fact.claim, message) === null);
  if (!matching) {
    const mismatch = messages.length > 0 ? claimMismatch(fact.claim, messages[0]) : 'the transaction has no message';
    return { ...base, proven: messages[0] ?? null, how: mismatch ?? 'no message matches' };
  }
  return {
    ...base,
    proven: matching,
    ok: true,
    how: `in block ${fact.height} (data_hash), succeeded (last_results_hash of ${plus1(fact.height)})`,
  };
}

function storeVerdict(
  fact: Extract<FactJson, { kind: 'store' }>,
  proven: Map<string, HeaderJson>,
  prefix: string,
): FactVerdict {
  const base = { kind: fact.kind, height: fact.height, claim: fact.claim, proven: null, ok: false };
  const next = proven.get(plus1(fact.height));
  if (!next) return { ...base, how: `header ${plus1(fact.height)} is not proven` };
  const key = bytesOfHex(fact.key);
  const value = fact.value === null ? null : bytesOfBase64(fact.value);
  const appHash = bytesOfHex(next.app_hash);
  if (!key || !appHash || (fact.value !== null && !value))
    return { ...base, how: 'the key, value or app hash is not well formed' };
  const problem = storeProofProblem(fact.proof_ops, fact.store, key, value, appHash);
  if (problem) return { ...base, how: problem };
  const statement = statementOfRecord(fact.store, key, value, prefix);
  const mismatch = claimMismatch(fact.claim, statement);
  if (mismatch) return { ...base, proven: statement, how: mismatch };
  return {
    ...base,
    proven: statement,
    ok: true,
    how: `${value === null ? 'absent from' : 'in'} the ${fact.store} store after block ${fact.height} (app_hash of ${plus1(fact.height)})`,
  };
}

/** One fact against the headers already proven (by height). */
export function factVerdict(fact: FactJson, proven: Map<string, HeaderJson>, bech32Prefix: string): FactVerdict {
  return fact.kind === 'tx' ? txVerdict(fact, proven) : storeVerdict(fact, proven, bech32Prefix);
}

/** The report on something that is not a bundle (not JSON, not the format): why, and nothing checked. */
export const unreadable = (problem: string): BundleReport => ({
  ok: false,
  problem,
  chainId: '',
  subject: null,
  trustRoot: '',
  steps: [],
  facts: [],
  unproven: [],
});

/** Verifies a bundle given as parsed JSON. Never throws: a bad bundle is a report saying why. */
export function verifyBundle(input: unknown, options: VerifyOptions = {}): BundleReport {
  const parsed = parseBundle(input);
  return 'problem' in parsed ? unreadable(parsed.problem) : verifyParsed(parsed.bundle, options);
}

/**
 * The same verdict as verifyBundle, sooner: the platform's native Ed25519 checks every signature
 * first, all at once (see fast-signatures.ts); the walk then finds them checked.
 */
export async function verifyBundleQuickly(input: unknown, options: VerifyOptions = {}): Promise<BundleReport> {
  const parsed = parseBundle(input);
  if ('problem' in parsed) return unreadable(parsed.problem);
  await preverifySignatures(parsed.bundle.chain_id, parsed.bundle.light_blocks);
  return verifyParsed(parsed.bundle, options);
}

function verifyParsed(bundle: ProofBundle, options: VerifyOptions): BundleReport {
  let root = bundle.trust_root;
  let blocks = bundle.light_blocks;
  if (options.trust) {
    root = { kind: 'header', height: options.trust.height, hash: options.trust.hash };
    blocks = blocks.filter((block) => BigInt(block.signed_header.header.height) >= BigInt(options.trust?.height ?? 0));
  }
  const trustRoot =
    root.kind === 'genesis'
      ? `the genesis validators of ${bundle.chain_id} (height ${root.initial_height}), as the bundle gives them`
      : `header ${root.height} with hash ${root.hash}${options.trust ? ', as you gave it' : ', as the bundle gives it'}`;
  const trust: TrustOptions = {
    ...DEFAULT_TRUST,
    trustingPeriodSeconds: BigInt(bundle.trusting_period_seconds),
    now: options.now ?? 'header-time',
  };
  const chain = verifyChainOfTrust(bundle.chain_id, root, blocks, bundle.linked_headers, trust);
  const facts = bundle.facts.map((fact) => factVerdict(fact, chain.proven, bundle.bech32_prefix));
  return {
    ok: chain.failure === null && facts.every((fact) => fact.ok),
    problem: chain.failure,
    chainId: bundle.chain_id,
    subject: bundle.subject,
    trustRoot,
    steps: chain.steps,
    facts,
    unproven: bundle.unproven,
  };
}
