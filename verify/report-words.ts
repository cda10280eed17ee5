import type { BundleReport, FactVerdict } from './bundle-verify.ts';

// A report in words, the same in the command and the browser: one headline, then each step of
// the chain of trust and each fact, proven or not and why.

const grouped = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
const withCommas = (height: string) => BigInt(height).toLocaleString('en-US');

const NOUNS: Record<string, string> = {
  vote: 'vote',
  proposal: 'proposal record',
  member: 'membership',
  'submit-proposal': 'submission',
  exec: 'execution',
  withdraw: 'withdrawal',
  'update-members': 'membership change',
  'create-group': 'group creation',
  'leave-group': 'departure',
  'upgrade-plan': 'upgrade plan',
  'upgrade-applied': 'applied upgrade',
};

const nounOf = (fact: FactVerdict) => NOUNS[fact.proven?.kind ?? fact.claim.kind ?? ''] ?? 'record';

/** "4 votes and 1 proposal record". */
export function countFacts(facts: readonly FactVerdict[]): string {
  const counts = new Map<string, number>();
  for (const fact of facts) counts.set(nounOf(fact), (counts.get(nounOf(fact)) ?? 0) + 1);
  const parts = [...counts].map(([noun, count]) => grouped(count, noun));
  return parts.length <= 1 ? (parts[0] ?? 'nothing') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

export function headlineOf(report: BundleReport): string {
  if (report.problem && report.steps.length === 0) return `Not checked: ${report.problem}`;
  const proven = report.facts.filter((fact) => fact.ok);
  const refused = report.facts.filter((fact) => !fact.ok);
  const signed = report.steps.filter((step) => step.ok && step.how !== 'hash link').at(-1);
  const root = report.steps[0];
  if (report.problem) return `Not proven: the chain of trust breaks — ${report.problem}`;
  const from = root ? ` from the trust root at height ${withCommas(root.height)}` : '';
  const at = signed ? `, signed by the validators up to height ${withCommas(signed.height)}${from}` : '';
  if (refused.length === 0) return `Proven: ${countFacts(proven)}${at}.`;
  return `Not all proven: ${countFacts(refused)} refused, ${countFacts(proven)} proven${at}.`;
}

const claimText = (fact: FactVerdict) =>
  Object.entries(fact.proven ?? fact.claim)
    .filter(([field]) => field !== 'kind')
    .map(([field, value]) => `${field} ${value}`)
    .join(', ');

export function reportLines(report: BundleReport): string[] {
  const lines = [headlineOf(report), '', `Trust root: ${report.trustRoot || 'none'}`];
  for (const step of report.steps) {
    lines.push(`  ${step.ok ? 'ok ' : 'NO '} ${withCommas(step.height)} (${step.how}): ${step.detail}`);
  }
  lines.push('', 'Facts:');
  for (const fact of report.facts) {
    lines.push(
      `  ${fact.ok ? 'proven    ' : 'NOT PROVEN'} ${nounOf(fact)} at ${withCommas(fact.height)}: ${claimText(fact)}`,
    );
    lines.push(`             ${fact.how}`);
  }
  if (report.unproven.length > 0) {
    lines.push('', 'Held without proof (the archive says so itself):');
    for (const entry of report.unproven) lines.push(`  ${entry.what}: ${entry.reason}`);
  }
  return lines;
}
