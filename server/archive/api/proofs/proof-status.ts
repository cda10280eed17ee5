import type { ProofState } from '../../follower/prove/proof-service.ts';
import { conflictWords, type ConflictEvidence, type WitnessReport } from '../../source/trust/witnesses.ts';
import type { ArchiveStore } from '../../store/archive-store.ts';
import { proofTotals } from '../../store/proofs/fact-proofs.ts';

// The archive status's account of proofs: the trust root and where it came from, the witnesses
// and any conflict they showed, and per kind of record how many are proven.

interface ArchiveSource {
  readonly store: { readonly db: ArchiveStore['db'] };
}

/**
 * The status's account of proofs: whether the node offers them (and why not), the trust root, and
 * per kind of record how many are proven and how many are held without proof.
 */
export function proofStatusJson(
  state: ProofState | null,
  totals: Record<string, { proven: string; unproven: string }>,
  witnesses: readonly WitnessReport[] = [],
  conflicts: readonly ConflictEvidence[] = [],
) {
  const root = state?.trustRoot ?? null;
  return {
    available: state === null ? false : state.available,
    problem: state === null ? 'proofs are off (--trust off), or the archive reads no RPC' : state.problem,
    trust_root:
      root === null
        ? null
        : {
            ...(root.kind === 'genesis'
              ? { kind: 'genesis', height: root.initial_height }
              : { kind: 'header', height: root.height, hash: root.hash }),
            provenance: state?.provenance ?? null,
          },
    records: totals,
    /** The other nodes asked for the same headers, and how each answered. */
    witnesses,
    /** Headers a witness named otherwise than the node: each stops the archive (evidence at proofs/witness-conflicts). */
    conflicts: conflicts.map((evidence) => ({
      height: evidence.height,
      seen_at: evidence.seen_at,
      says: conflictWords(evidence),
    })),
  };
}

/** What share of each kind of record is proven: the status's summary. */
export async function proofSummary(source: ArchiveSource) {
  return proofTotals(source.store.db);
}
