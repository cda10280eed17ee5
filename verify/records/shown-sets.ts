import type { Completeness, CompletenessSubject } from './completeness.ts';
import type { Proven } from './later-votes.ts';

// Never silent (docs/bundle-format.md): a bundle that shows records of a set — a proposal's votes,
// a group's members or policies, a voter's votes — without a walk proving the set whole says so,
// so "22 votes" is never read as "all the votes". A stripped walk, or a bundle of format /1, reads
// "not shown complete", and --require-complete makes that an exit code of its own.

const provenKinds = (proven: readonly Proven[], kind: string) =>
  proven.filter((fact) => fact.statement.kind === kind && fact.statement.stored !== 'no');

/** What the bundle proves of a set it does not walk, in words that read right for 0, 1 and many. */
function provesWords(count: number, noun: string): string {
  const plural = noun.replace(/y$/, 'ie') + 's';
  if (count === 0) return `it proves none of the ${plural}, and the chain may hold some`;
  if (count === 1) return `the one ${noun} it proves is one the archive holds, and the chain may hold others`;
  return `the ${count.toLocaleString('en-US')} ${plural} it proves are those the archive holds, and the chain may hold others`;
}

export function notShownComplete(proven: readonly Proven[], subject?: CompletenessSubject): Completeness[] {
  if (!subject) return [];
  const lines: Completeness[] = [];
  const notShown = (what: string, count: number, noun: string, height: string): Completeness => ({
    subject: what,
    state: 'not-shown',
    height,
    words: `not shown complete: this bundle proves no walk of ${what}; ${provesWords(count, noun)}`,
  });
  const latest = (facts: readonly Proven[]) =>
    facts.reduce((top, fact) => (BigInt(fact.height) > BigInt(top) ? fact.height : top), '0');
  if (subject.kind === 'proposal') {
    const votes = provenKinds(proven, 'vote').filter((fact) => fact.statement.proposal_id === subject.id);
    const walked = proven.some(
      (fact) => fact.statement.kind === 'vote-set' && fact.statement.proposal_id === subject.id,
    );
    if (!walked) lines.push(notShown(`proposal #${subject.id}'s votes`, votes.length, 'vote', latest(votes)));
  }
  if (subject.kind === 'group') {
    const members = provenKinds(proven, 'member').filter((fact) => fact.statement.group_id === subject.id);
    if (!proven.some((fact) => fact.statement.kind === 'member-set' && fact.statement.group_id === subject.id))
      lines.push(notShown(`group ${subject.id}'s members`, members.length, 'member', latest(members)));
    const policies = provenKinds(proven, 'policy').filter((fact) => fact.statement.group_id === subject.id);
    if (!proven.some((fact) => fact.statement.kind === 'policy-set' && fact.statement.group_id === subject.id))
      lines.push(notShown(`group ${subject.id}'s policies`, policies.length, 'policy', latest(policies)));
  }
  if (subject.kind === 'voter') {
    // Called when no proposal's vote set is bound to the voter's groups (rule C9): no record to say.
    const votes = provenKinds(proven, 'vote').filter((fact) => fact.statement.voter === subject.id);
    lines.push(notShown(`${subject.id}'s votes`, votes.length, 'vote', latest(votes)));
  }
  return lines;
}
