import type { Statement } from './facts.ts';

// Votes cast after the state a proposal's vote set was walked in: those of the block that tallied
// it, which x/group counts and prunes at once, so no state ever holds them. They count towards its
// tally by their transactions, one per voter.

export type Proven = { statement: Statement; height: string };

/**
 * A proposal's votes cast after a walked state, proven by their transactions: those of the block
 * that tallied it, which x/group counts and prunes at once (no state ever holds them).
 */
export function votesAfter(proven: readonly Proven[], id: string, height: string): Proven[] {
  return proven.filter(
    (fact) =>
      fact.statement.kind === 'vote' &&
      fact.statement.stored === undefined &&
      fact.statement.proposal_id === id &&
      BigInt(fact.height) > BigInt(height),
  );
}

/**
 * The votes cast after a walked state that count towards the tally (up to the state its decided
 * record is proven in), one per voter; or why they cannot count: x/group takes one vote per
 * voter, so a voter proven twice (twice after it, or in it and after it) is a bundle that does
 * not hold together.
 */
export function laterBallots(
  proven: readonly Proven[],
  id: string,
  height: string,
  ballots: readonly (readonly [string, string])[],
  record: Proven | undefined,
): { later: Proven[]; conflict: string | null } {
  const decided = record && record.statement.status !== 'PROPOSAL_STATUS_SUBMITTED' ? BigInt(record.height) : null;
  const later = votesAfter(proven, id, height).filter((fact) => decided === null || BigInt(fact.height) <= decided);
  const walked = new Set(ballots.map(([voter]) => voter));
  const seen = new Set<string>();
  for (const fact of later) {
    const voter = fact.statement.voter ?? '?';
    if (walked.has(voter) || seen.has(voter))
      return {
        later: [],
        conflict: `incomplete: the bundle proves more than one vote of ${voter} on #${id} (x/group takes one): its tally is not reconciled`,
      };
    seen.add(voter);
  }
  return { later, conflict: null };
}
