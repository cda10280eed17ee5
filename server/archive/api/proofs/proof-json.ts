import type { ArchiveStore } from '../../store/archive-store.ts';
import { factProofs, type FactProof } from '../../store/proofs/fact-proofs.ts';

// How each record the archive serves is proven, beside the record: the kind of evidence and the
// height of the header it rests on, or why there is none. Never "verified" by default: a record
// the prover has not looked at yet says so.

export type ProofJson =
  | { kind: 'tx' | 'store' | 'range'; height: string; verified: true }
  | { kind: 'none'; reason: string; height: string | null };

const NOT_YET = 'not proven yet: the archive proves records a few blocks after it reads them';

export function proofJson(fact: FactProof | undefined): ProofJson {
  if (!fact) return { kind: 'none', reason: NOT_YET, height: null };
  if (fact.verified && fact.evidence) {
    // A transaction rests on the header above its block, a record on the header above its state.
    return { kind: fact.evidence.kind, height: String(BigInt(fact.evidence.height) + 1n), verified: true };
  }
  return { kind: 'none', reason: fact.reason ?? NOT_YET, height: fact.height === null ? null : String(fact.height) };
}

const CHANGED = 'not proven yet: the record changed since its last proof, and is being proven again';

/**
 * Each record with its proof, found by its key among the facts of `subject`. With `versionOf`, a
 * proof of an earlier version of the record (another weight, another policy version) is not its proof.
 */
export async function withProofs<T>(
  db: ArchiveStore['db'],
  subject: string,
  records: readonly T[],
  keyOf: (record: T) => string,
  versionOf?: (record: T) => string,
): Promise<(T & { proof: ProofJson })[]> {
  const keys = records.map(keyOf);
  const found = new Map((await factProofs(db, subject, keys)).map((fact) => [fact.subjectKey, fact]));
  return records.map((record, index) => {
    const fact = found.get(keys[index]);
    const stale = fact !== undefined && versionOf !== undefined && fact.recordVersion !== versionOf(record);
    return { ...record, proof: stale ? { kind: 'none', reason: CHANGED, height: null } : proofJson(fact) };
  });
}

/** Each vote with its proof (votes are keyed by proposal and voter). */
export const withVoteProofs = <T extends { proposal_id: string | null; voter: string | null }>(
  db: ArchiveStore['db'],
  votes: readonly T[],
) => withProofs(db, 'vote', votes, (vote) => `${vote.proposal_id}/${vote.voter}`);

export async function proposalProof(db: ArchiveStore['db'], id: string): Promise<ProofJson> {
  const [fact] = await factProofs(db, 'proposal', [id]);
  return proofJson(fact);
}

/** Each applied upgrade with the proof of its done marker (upgrades are keyed by name). */
export const withUpgradeProofs = <T extends { name: string }>(db: ArchiveStore['db'], applied: readonly T[]) =>
  withProofs(db, 'upgrade', applied, (plan) => plan.name);

/**
 * Whether a set is proven complete: every key the chain held under its prefix in one state, and no
 * other (a walk of absence proofs), with how many; null before any walk. `subject` names the set:
 * a proposal's votes (`vote-range`), a group's members or policies (`group-member-range`, …).
 */
export async function rangeSetJson(db: ArchiveStore['db'], subject: string, key: string) {
  const [fact] = await factProofs(db, subject, [key]);
  if (!fact) return null;
  const count = fact.verified && fact.evidence?.kind === 'range' ? String(fact.evidence.steps.length - 1) : null;
  return { proof: proofJson(fact), count };
}

/** Whether the proposal's votes are proven complete, and how many there were. */
export const voteSetJson = (db: ArchiveStore['db'], id: string) => rangeSetJson(db, 'vote-range', id);
