import type { Completeness, CompletenessClaimJson } from './completeness.ts';

// An archive writes into a bundle what it shows complete, with how many records and (for a small
// set) which; the verifier derives the same from the proven facts alone and holds the bundle to
// its word. A relay or mirror that drops a range (or a page of it) while the claim stays, or a
// claim that names more or other records than the walk holds, is refused, naming the rule.

/** What the archive claims, made from the lines it derives from its own facts' statements. */
export const claimsOf = (lines: readonly Completeness[]): CompletenessClaimJson[] =>
  lines.flatMap((line) =>
    line.state === 'complete' || line.state === 'reconciled'
      ? [
          {
            subject: line.subject,
            state: line.state,
            height: line.height,
            ...(line.count === undefined ? {} : { count: line.count }),
            ...(line.items === undefined ? {} : { items: line.items }),
          },
        ]
      : [],
  );

/** The rule of docs/bundle-format.md a claim's subject is held to. */
export function ruleOf(subject: string): string {
  if (/^proposal #\d+'s votes$/.test(subject)) return 'C1';
  if (/^group \d+'s members$/.test(subject)) return 'C2';
  if (/^group \d+'s policies$/.test(subject)) return 'C3';
  if (/^policy \S+'s proposals$/.test(subject)) return 'C4';
  if (/^policy \S+'s treasury$/.test(subject)) return 'C5';
  if (subject === "the chain's proposal ids") return 'C6';
  if (/^proposal #\d+'s (non-voters|final tally)$/.test(subject)) return 'C8';
  if (/^\S+'s record$/.test(subject)) return 'C9';
  return 'R3';
}

const sameItems = (left: readonly string[] | undefined, right: readonly string[] | undefined) =>
  left === undefined ||
  (right !== undefined && left.length === right.length && left.every((item, index) => item === right[index]));

/** The claims the proven lines do not bear out, each as a line saying what the bundle fails to show. */
export function unmetClaims(claims: readonly CompletenessClaimJson[], lines: readonly Completeness[]): Completeness[] {
  return claims.flatMap((claim) => {
    const rule = ruleOf(claim.subject);
    const shown = lines.filter((line) => line.subject === claim.subject && line.state !== 'not-shown');
    const met = shown.find((line) => line.state === claim.state && line.height === claim.height);
    if (
      rule !== 'R3' &&
      met &&
      (claim.count === undefined || claim.count === met.count) &&
      sameItems(claim.items, met.items)
    )
      return [];
    const instead =
      rule === 'R3'
        ? 'no rule of the bundle format gives that subject a meaning (R3)'
        : met
          ? `the proven walk holds ${met.count ?? '?'} (${(met.items ?? []).join(', ') || 'not listed'}), the claim says ${claim.count ?? '?'}${claim.items ? ` (${claim.items.join(', ')})` : ''} (${rule}, C10)`
          : shown.length > 0
            ? `it shows instead: ${shown.map((line) => line.words).join('; ')} (${rule})`
            : claim.subject.endsWith("'s final tally")
              ? `it proves no vote set and own group's member set in one state to add the final tally up against (${rule})`
              : `it proves no such set: its walk is missing, refused above, or not bound to it (${rule})`;
    return [
      {
        subject: claim.subject,
        state: 'overclaimed' as const,
        height: claim.height,
        words: `not shown: the bundle claims ${claim.subject} ${claim.state}${claim.count === undefined ? '' : ` (${claim.count})`} in the state after block ${claim.height}, but ${instead}`,
      },
    ];
  });
}
