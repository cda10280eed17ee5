import type { Completeness, CompletenessClaimJson } from './completeness.ts';

// An archive writes into a bundle what it shows complete; the verifier derives the same from the
// proven facts alone and holds the bundle to its word. A relay or mirror that drops a range (or a
// page of it) while the claim stays is refused, naming what the claim was and what is missing.

/** What the archive claims, made from the lines it derives from its own facts' statements. */
export const claimsOf = (lines: readonly Completeness[]): CompletenessClaimJson[] =>
  lines.flatMap((line) =>
    line.state === 'complete' || line.state === 'reconciled'
      ? [{ subject: line.subject, state: line.state, height: line.height }]
      : [],
  );

/** The claims the proven lines do not bear out, each as a line saying what the bundle fails to show. */
export function unmetClaims(claims: readonly CompletenessClaimJson[], lines: readonly Completeness[]): Completeness[] {
  return claims.flatMap((claim) => {
    const shown = lines.filter((line) => line.subject === claim.subject);
    if (shown.some((line) => line.state === claim.state && line.height === claim.height)) return [];
    const instead =
      shown.length > 0
        ? `it shows instead: ${shown.map((line) => line.words).join('; ')}`
        : claim.subject.endsWith("'s final tally")
          ? 'it proves no vote set and member set in one state to add the final tally up against'
          : 'it proves no such set (its range is missing, or refused above)';
    return [
      {
        subject: claim.subject,
        state: 'overclaimed' as const,
        height: claim.height,
        words: `not shown: the bundle claims ${claim.subject} ${claim.state} in the state after block ${claim.height}, but ${instead}`,
      },
    ];
  });
}
