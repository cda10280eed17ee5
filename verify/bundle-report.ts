import type { BundlePage, FactJson, ProofBundle, RootProvenanceJson } from './bundle-format.ts';
import type { ProblemCode } from './problem-codes.ts';
import type { Completeness } from './records/completeness.ts';
import type { Statement } from './records/facts.ts';
import type { RootChoice } from './root-choices.ts';
import type { AuditorGenesis } from './starting-point.ts';
import type { TrustStep } from './trust/chain-of-trust.ts';
import { DEFAULT_TRUSTING_PERIOD_SECONDS, isoOfNanos, nanosOfMillis } from './trust/light-block.ts';
import type { TrustingPeriodFrom } from './trust/trusting-period.ts';

// What a bundle's check says: for every fact what the proven bytes say and how, or why it is not
// proven; where trust started and until when it holds; what the proven sets show together.

export interface FactVerdict {
  kind: FactJson['kind'];
  height: string;
  claim: Statement;
  /** What the proven bytes say (for a transaction, its group message). */
  proven: Statement | null;
  ok: boolean;
  how: string;
  /** Why it is not proven, as a stable code (absent when proven). */
  code?: ProblemCode;
}

/**
 * What a bundle's check comes to, in order of strength: `proven` only when every record is
 * proven from a root the auditor gave; `own-root` when everything follows from the root the
 * bundle carries (which says nothing of whose chain that is); `unproven-records` when the archive
 * itself lists records it could not prove; `refused` when anything fails.
 */
export type BundleVerdict = 'proven' | 'own-root' | 'unproven-records' | 'own-root-unproven-records' | 'refused';

export interface BundleReport {
  /** Every fact proven and the chain of trust holds (whoever's root it is: see `verdict`). */
  ok: boolean;
  verdict: BundleVerdict;
  /** Why nothing could be checked (not a bundle, a broken chain of trust), or null. */
  problem: string | null;
  /** The stable code of `problem`, or of the first refused fact. */
  code: ProblemCode | null;
  /** Whose root the check starts from: one the auditor gave, or the one the bundle carries. */
  rootFrom: 'you' | 'bundle';
  /** The root's height and hash (or "genesis"), and its header's time, as checked. */
  root: { height: string; hash: string; time: string } | null;
  /** The verifier's clock the check was made at (RFC 3339), and whether it was given (--at). */
  checkedAt: string;
  checkedAtGiven: boolean;
  /** The trusting period used: the verifier's own, never the bundle's. */
  trustingPeriodSeconds: string;
  /** Where that period came from (one rule everywhere: see trusting-period.ts). */
  trustingPeriodFrom: TrustingPeriodFrom;
  /** The period the bundle suggests, shown as information only. */
  bundleTrustingPeriodSeconds: string | null;
  /** How old the root header is at the verifier's clock, in seconds. */
  rootAgeSeconds: string | null;
  /** Until when the chain of trust holds (RFC 3339): the earliest expiry of a header that vouched. */
  holdsUntil: string | null;
  chainId: string;
  subject: ProofBundle['subject'] | null;
  trustRoot: string;
  steps: TrustStep[];
  facts: FactVerdict[];
  unproven: ProofBundle['unproven'];
  /** Which page of the subject's records the bundle is, where they take more than one. */
  page: BundlePage | null;
  /** Where the archive says it took the bundle's root from (information: your root decides). */
  provenance: RootProvenanceJson | null;
  /** What the proven ranges say together: votes complete, non-voters, a tally reconciled (or not). */
  completeness: Completeness[];
  /** The bundle's headers an auditor can give as their own root (--trust), with their hashes as the bundle has them. */
  rootChoices: RootChoice[];
}

export type { AuditorGenesis, RootChoice };

export interface VerifyOptions {
  /** A header the auditor trusts, got elsewhere: replaces the bundle's own trust root. */
  trust?: { height: string; hash: string };
  /** A genesis the auditor has: the chain is verified from its first validators instead. */
  genesis?: AuditorGenesis;
  /** The SHA-256 the auditor expects of the genesis: of theirs (--genesis) or of the one the archive names. */
  expectGenesisSha256?: string;
  /** The verifier's clock in nanoseconds since the epoch: now unless an auditor asks about a past instant. */
  atNanos?: bigint;
  /** The verifier's trusting period (default 14 days); a bundle's own is only information. */
  trustingPeriodSeconds?: bigint;
  /** Where the caller got it; without it, "given" when a period is passed, else "default". */
  trustingPeriodFrom?: TrustingPeriodFrom;
}

/** Where the period came from, as the report says it. */
export const periodFromOf = (options: VerifyOptions): TrustingPeriodFrom =>
  options.trustingPeriodFrom ?? (options.trustingPeriodSeconds === undefined ? 'default' : 'given');

/** The report on something that is not a bundle (not JSON, not the format): why, and nothing checked. */
export const unreadable = (problem: string, options: VerifyOptions = {}): BundleReport => ({
  ok: false,
  verdict: 'refused',
  problem,
  code: 'malformed',
  rootFrom: options.trust || options.genesis ? 'you' : 'bundle',
  root: null,
  checkedAt: isoOfNanos(options.atNanos ?? nanosOfMillis(Date.now())),
  checkedAtGiven: options.atNanos !== undefined,
  trustingPeriodSeconds: String(options.trustingPeriodSeconds ?? DEFAULT_TRUSTING_PERIOD_SECONDS),
  trustingPeriodFrom: periodFromOf(options),
  bundleTrustingPeriodSeconds: null,
  rootAgeSeconds: null,
  holdsUntil: null,
  chainId: '',
  subject: null,
  trustRoot: '',
  steps: [],
  facts: [],
  unproven: [],
  page: null,
  provenance: null,
  completeness: [],
  rootChoices: [],
});
