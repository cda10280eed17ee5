import type { FactJson, ProofBundle } from './bundle-format.ts';
import {
  periodFromOf,
  unreadable,
  type AuditorGenesis,
  type BundleReport,
  type BundleVerdict,
  type FactVerdict,
  type RootChoice,
  type VerifyOptions,
} from './bundle-report.ts';
import { parseBundle } from './bundle-schema.ts';
import { bytesOfBase64, bytesOfHex } from './bytes.ts';
import { failed, type ProblemCode } from './problem-codes.ts';
import { unmetClaims } from './records/claims.ts';
import { completenessOf } from './records/completeness.ts';
import { claimMismatch, messagesOfTx, statementOfRecord } from './records/facts.ts';
import { rangeRecords, rangeStatement } from './records/key-range.ts';
import { storeProofProblem } from './records/store-proof.ts';
import { resultInBlockProblem, resultOfAnotherTx, txInBlockProblem } from './records/tx-proof.ts';
import { walkSubjectOf } from './records/walk-subject.ts';
import { rootChoicesOf } from './root-choices.ts';
import { startingPoint } from './starting-point.ts';
import { verifyChainOfTrust } from './trust/chain-of-trust.ts';
import { preverifySignatures } from './trust/fast-signatures.ts';
import { nanosOf, timestampOf, type HeaderJson } from './trust/header.ts';
import { isoOfNanos, nanosOfMillis, trustOptionsAt } from './trust/light-block.ts';
import { VerifierMemory } from './trust/verifier-memory.ts';

export { unreadable };
export type { AuditorGenesis, BundleReport, BundleVerdict, FactVerdict, RootChoice, VerifyOptions };

// Checks a whole bundle: the chain of trust, then each fact against the headers it proved. The
// report says, for every fact, what the proven bytes say and how, or why it is not proven.

const plus1 = (height: string) => (BigInt(height) + 1n).toString();

function txVerdict(fact: Extract<FactJson, { kind: 'tx' }>, proven: Map<string, HeaderJson>): FactVerdict {
  const base = { kind: fact.kind, height: fact.height, claim: fact.claim, proven: null, ok: false };
  const block = proven.get(fact.height);
  const next = proven.get(plus1(fact.height));
  if (!block || !next)
    return {
      ...base,
      how: `header ${block ? plus1(fact.height) : fact.height} is not proven`,
      code: 'not-proven',
    };
  const tx = bytesOfBase64(fact.tx);
  if (!tx) return { ...base, how: 'the transaction is not base64', code: 'malformed' };
  const included = txInBlockProblem(tx, fact.tx_path, block.data_hash);
  if (included) return { ...base, how: included, code: 'tx-not-in-block' };
  const borrowed = resultOfAnotherTx(fact.tx_path, fact.result_path);
  if (borrowed) return { ...base, how: borrowed, code: 'result-not-in-block' };
  const succeeded = resultInBlockProblem(fact.result, fact.result_path, next.last_results_hash);
  if (succeeded) return { ...base, how: succeeded, code: 'result-not-in-block' };
  const messages = messagesOfTx(tx, bytesOfBase64(fact.result.data ?? '') ?? undefined);
  if ('problem' in messages) return { ...base, how: messages.problem, code: 'malformed' };
  const matching = messages.find((message) => claimMismatch(fact.claim, message) === null);
  if (!matching) {
    const mismatch = messages.length > 0 ? claimMismatch(fact.claim, messages[0]) : 'the transaction has no message';
    return { ...base, proven: messages[0] ?? null, how: mismatch ?? 'no message matches', code: 'claim-mismatch' };
  }
  return {
    ...base,
    proven: matching,
    ok: true,
    how: `in block ${fact.height} (data_hash), succeeded (last_results_hash of ${plus1(fact.height)})`,
  };
}

/** The app hash a fact about the state after block H rests on: that of proven header H+1. */
function appHashAbove(height: string, proven: Map<string, HeaderJson>): Uint8Array | Pick<FactVerdict, 'how' | 'code'> {
  const next = proven.get(plus1(height));
  if (!next) return { how: `header ${plus1(height)} is not proven`, code: 'not-proven' };
  return bytesOfHex(next.app_hash) ?? { how: 'the app hash is not well formed', code: 'malformed' };
}

function storeVerdict(
  fact: Extract<FactJson, { kind: 'store' }>,
  proven: Map<string, HeaderJson>,
  prefix: string,
): FactVerdict {
  const base = { kind: fact.kind, height: fact.height, claim: fact.claim, proven: null, ok: false };
  const appHash = appHashAbove(fact.height, proven);
  if (!(appHash instanceof Uint8Array)) return { ...base, ...appHash };
  const key = bytesOfHex(fact.key);
  const value = fact.value === null ? null : bytesOfBase64(fact.value);
  if (!key || (fact.value !== null && !value))
    return { ...base, how: 'the key, value or app hash is not well formed', code: 'malformed' };
  const problem = storeProofProblem(fact.proof_ops, fact.store, key, value, appHash);
  if (problem) return { ...base, how: problem, code: 'store-proof-invalid' };
  const statement = statementOfRecord(fact.store, key, value, prefix);
  const mismatch = claimMismatch(fact.claim, statement);
  if (mismatch) return { ...base, proven: statement, how: mismatch, code: 'claim-mismatch' };
  return {
    ...base,
    proven: statement,
    ok: true,
    how: `${value === null ? 'absent from' : 'in'} the ${fact.store} store after block ${fact.height} (app_hash of ${plus1(fact.height)})`,
  };
}

/** Every key under a prefix (a proposal's votes), proven to be all there are. */
function rangeVerdict(
  fact: Extract<FactJson, { kind: 'range' }>,
  proven: Map<string, HeaderJson>,
  prefix: string,
): FactVerdict {
  const base = { kind: fact.kind, height: fact.height, claim: fact.claim, proven: null, ok: false };
  const appHash = appHashAbove(fact.height, proven);
  if (!(appHash instanceof Uint8Array)) return { ...base, ...appHash };
  const subject = walkSubjectOf(fact.store, fact.prefix, prefix);
  if ('problem' in subject) return { ...base, how: subject.problem, code: 'walk-unbound' };
  const range = rangeRecords(fact, appHash);
  if ('problem' in range) return { ...base, how: `W1: ${range.problem}`, code: 'range-incomplete' };
  const statement = rangeStatement(fact, range.records, prefix, subject);
  const mismatch = claimMismatch(fact.claim, statement);
  if (mismatch) return { ...base, proven: statement, how: mismatch, code: 'claim-mismatch' };
  return {
    ...base,
    proven: statement,
    ok: true,
    how: `complete: every key under its prefix in the ${fact.store} store after block ${fact.height} (app_hash of ${plus1(fact.height)}), ${fact.steps.length === 1 ? 'one absence proof' : `${fact.steps.length} absence proofs from neighbour to neighbour`}`,
  };
}

/** One fact against the headers already proven (by height). */
export function factVerdict(fact: FactJson, proven: Map<string, HeaderJson>, bech32Prefix: string): FactVerdict {
  if (fact.kind === 'tx') return txVerdict(fact, proven);
  if (fact.kind === 'range') return rangeVerdict(fact, proven, bech32Prefix);
  return storeVerdict(fact, proven, bech32Prefix);
}

/** A refusal before any step: a bundle that cannot be checked the way the auditor asked. */
const unreadableFrom = (
  problem: string,
  code: ProblemCode,
  options: VerifyOptions,
  bundle: ProofBundle,
): BundleReport => ({
  ...unreadable(problem, options),
  code,
  chainId: bundle.chain_id,
  subject: bundle.subject,
  rootChoices: rootChoicesOf(bundle).choices,
});

/** Verifies a bundle given as parsed JSON. Never throws: a bad bundle is a report saying why. */
export function verifyBundle(input: unknown, options: VerifyOptions = {}): BundleReport {
  const parsed = parseBundle(input);
  return 'problem' in parsed ? unreadable(parsed.problem, options) : verifyParsedSafely(parsed.bundle, options);
}

/**
 * The same verdict as verifyBundle, sooner: the platform's native Ed25519 checks every signature
 * first, all at once (see fast-signatures.ts); the walk then finds them checked.
 */
export async function verifyBundleQuickly(input: unknown, options: VerifyOptions = {}): Promise<BundleReport> {
  const parsed = parseBundle(input);
  if ('problem' in parsed) return unreadable(parsed.problem, options);
  const memory = new VerifierMemory();
  try {
    await preverifySignatures(parsed.bundle.chain_id, parsed.bundle.light_blocks, memory);
  } catch {
    // Only a speed-up: whatever it could not encode, the walk below refuses in words.
  }
  return verifyParsedSafely(parsed.bundle, options, memory);
}

/** A bundle the schema let through can still hold a number no encoder takes: a report, not a crash. */
function verifyParsedSafely(bundle: ProofBundle, options: VerifyOptions, memory = new VerifierMemory()): BundleReport {
  try {
    return verifyParsed(bundle, options, memory);
  } catch (error) {
    return unreadable(
      `the bundle holds a value the verifier cannot encode: ${error instanceof Error ? error.message : String(error)}`,
      options,
    );
  }
}

function verdictOf(report: Pick<BundleReport, 'ok' | 'rootFrom' | 'unproven'>): BundleVerdict {
  if (!report.ok) return 'refused';
  const unproven = report.unproven.length > 0;
  if (report.rootFrom === 'bundle') return unproven ? 'own-root-unproven-records' : 'own-root';
  return unproven ? 'unproven-records' : 'proven';
}

function verifyParsed(bundle: ProofBundle, options: VerifyOptions, memory: VerifierMemory): BundleReport {
  const start = startingPoint(bundle, options);
  if (failed(start)) return unreadableFrom(start.problem, start.code, options, bundle);
  const { root, blocks, linked, rootFrom, trustRoot } = start;
  const atNanos = options.atNanos ?? nanosOfMillis(Date.now());
  const trust = { ...trustOptionsAt(atNanos, options.trustingPeriodSeconds), memory };
  const chain = verifyChainOfTrust(bundle.chain_id, root, blocks, linked, trust);
  const facts = bundle.facts.map((fact) => factVerdict(fact, chain.proven, bundle.bech32_prefix));
  const rootTime = chain.root ? timestampOf(chain.root.time) : null;
  const completeness = completenessOf(
    facts.flatMap((fact) => (fact.ok && fact.proven ? [{ statement: fact.proven, height: fact.height }] : [])),
    bundle.subject,
  );
  // A chain of trust that breaks proves nothing, and says so once: no cascade of claims "not shown".
  const overclaimed = chain.failure === null ? unmetClaims(bundle.claims ?? [], completeness) : [];
  const ok = chain.failure === null && facts.every((fact) => fact.ok) && overclaimed.length === 0;
  const firstRefusedFact = facts.find((fact) => !fact.ok);
  return {
    ok,
    verdict: verdictOf({ ok, rootFrom, unproven: bundle.unproven }),
    problem: chain.failure,
    code: chain.failureCode ?? firstRefusedFact?.code ?? (overclaimed.length > 0 ? 'overclaimed' : null),
    rootFrom,
    root: chain.root,
    checkedAt: isoOfNanos(atNanos),
    checkedAtGiven: options.atNanos !== undefined,
    trustingPeriodSeconds: String(trust.trustingPeriodSeconds),
    trustingPeriodFrom: periodFromOf(options),
    bundleTrustingPeriodSeconds: bundle.trusting_period_seconds,
    rootAgeSeconds: rootTime ? String((atNanos - nanosOf(rootTime)) / 1_000_000_000n) : null,
    holdsUntil: chain.holdsUntilNanos === null ? null : isoOfNanos(chain.holdsUntilNanos),
    chainId: bundle.chain_id,
    subject: bundle.subject,
    trustRoot,
    steps: chain.steps,
    facts,
    unproven: bundle.unproven,
    page: bundle.page ?? null,
    provenance: bundle.root_provenance ?? null,
    completeness: [...completeness, ...overclaimed],
    rootChoices: rootChoicesOf(bundle).choices,
  };
}
