import type { FactProof } from '../../store/proofs/fact-proofs.ts';

/**
 * A refusal a person can act on: which record, in which state, what the node's answer failed, and
 * what to do. Only a proof that checks against a different root than the verified header's (or a
 * header that does not verify) comes here: an answer for another height, or none, is asked again.
 */
export const refusalWords = (proof: FactProof) =>
  `the node's proof of ${proof.subject} ${proof.subjectKey}${proof.height === null ? '' : ` in the state after block ${proof.height}`} ` +
  `does not check against the header its validators signed (${proof.reason ?? 'refused'}). The answer is kept in fact_proofs; ` +
  'the node may serve another chain or a rolled-back state: compare it with another node (--witness), then restart to check again';
