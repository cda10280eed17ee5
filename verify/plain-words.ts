import type { BundleReport } from './bundle-verify.ts';

// The report for someone who has never heard of CometBFT: where each record is and whether the
// chain of trust holds, in a line each. The header fields and proof steps stay for --verbose.

const plural = (word: string) => (/[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`);
const grouped = (count: number, word: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? word : plural(word)}`;
const withCommas = (height: string) => BigInt(height).toLocaleString('en-US');

/**
 * How a proven record was proven, in words for someone who has never heard of CometBFT: where it
 * is (a block, a store after a block) and whether it succeeded, without the header fields and
 * proof steps (data_hash, last_results_hash, app_hash, absence proofs) — those are --verbose's.
 */
export function plainHow(how: string): string {
  return how
    .replace(/ \(data_hash\)/g, '')
    .replace(/ \(last_results_hash of [\d,]+\)/g, '')
    .replace(/ \(app_hash of [\d,]+\)/g, '')
    .replace(
      /^complete: every key under its prefix in (.*?), (?:one absence proof|[\d,]+ absence proofs from neighbour to neighbour)$/,
      'nothing left out, in $1',
    );
}

/**
 * The chain of trust in one line when every step holds: how many headers, from which root to
 * which height, and how they are tied; the steps themselves are --verbose's (or any that failed).
 */
export function chainSummaryLine(report: BundleReport): string | null {
  if (report.steps.length === 0 || report.steps.some((step) => !step.ok)) return null;
  const signed = report.steps.filter((step) => step.how === 'skipping' || step.how === 'adjacent').length;
  const linked = report.steps.filter((step) => step.how === 'hash link').length;
  const heights = report.steps.map((step) => BigInt(step.height));
  const top = heights.reduce((high, height) => (height > high ? height : high), 0n);
  const parts = [
    `${grouped(signed, 'header')} each signed by more than a third of the power the root trusts and two thirds of its own validators`,
    ...(linked > 0 ? [`${grouped(linked, 'header')} tied to those by their hashes`] : []),
  ];
  return `Chain of trust: from the root up to height ${withCommas(String(top))}, ${parts.join(', and ')}; every step holds.`;
}
