import type { BundleReport } from '../verify/bundle-verify.ts';

// The command an auditor can run next, ready to paste: from a header of their own, at a height
// this file can start from. The hash printed is the bundle's; only the auditor's source makes it theirs.

/** Words ending the report: which heights can be the auditor's root, with a command for each (at most three). */
export function readyCommandLines(file: string, report: BundleReport, trustGiven: boolean): string[] {
  const choices = report.rootChoices;
  const refusedRoot =
    trustGiven && report.verdict === 'refused' && report.code === 'not-proven' && report.steps.length === 0;
  const ownRoot = report.rootFrom === 'bundle' && report.verdict !== 'refused';
  if (choices.length === 0 || !(refusedRoot || ownRoot)) return [];
  const shown = choices.length <= 3 ? choices : [choices[0], ...choices.slice(-2)];
  const name = /^[\w./-]+$/.test(file) ? file : JSON.stringify(file);
  return [
    '',
    refusedRoot
      ? 'Ready to run from a height this file can start from, once your own source gives the same hash for it:'
      : 'To check from a header of your own, once your source gives the same hash for its height:',
    ...shown.map((choice) => `  npx polity-verify ${name} --trust ${choice.height}:${choice.hash}`),
    ...(choices.length > shown.length
      ? [`  (${choices.length} heights can: ${choices.map((choice) => choice.height).join(', ')})`]
      : []),
  ];
}

const ROUTES: Record<string, string> = {
  proposal: 'proposals',
  voter: 'voters',
  group: 'groups',
  vote: 'votes',
};

/**
 * Your header is above the records and the file lacks the hash links down to them: not a refusal of
 * the bundle but a file that cannot be used this way (exit 2), with the address that serves one
 * that can. Null when that is not the case.
 */
export function linksNeededLines(report: BundleReport, trustHeight: string | undefined): string[] | null {
  if (trustHeight === undefined || report.code !== 'not-proven' || report.steps.length > 0) return null;
  if (!/links_from=/.test(report.problem ?? '')) return null;
  const subject = report.subject;
  const route =
    subject?.kind === 'upgrade'
      ? subject.id === '*'
        ? 'proofs/upgrades'
        : `proofs/upgrades/${encodeURIComponent(subject.id)}`
      : subject
        ? `proofs/${ROUTES[subject.kind] ?? subject.kind}/${subject.id}`
        : 'proofs/…';
  return [
    `This file cannot start from header ${trustHeight} as it is: it lacks the hash links from that header down to`,
    'the headers its records rest on. Download it again from the archive you got it from, with the links added:',
    `  ARCHIVE/polity/archive/v1/${route}?links_from=${trustHeight}`,
    '(ARCHIVE is the address of that Polity; the dashboard offers this file in the proof panel), then run the same command.',
  ];
}
