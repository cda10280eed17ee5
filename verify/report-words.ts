import type { BundleReport, FactVerdict } from './bundle-verify.ts';
import { chainSummaryLine, plainHow } from './plain-words.ts';
import { describeStatement, NOUNS } from './statement-words.ts';
import type { TrustStep } from './trust/chain-of-trust.ts';
import { PERIOD_SOURCE_WORDS } from './trust/trusting-period.ts';

export { describeStatement };

// A report in words, the same in the command and the browser: one headline, then each step of
// the chain of trust and each fact, proven or not and why. Every value in a statement comes from
// the bundle (addresses, titles): whoever shows these words shows them as text.

const plural = (word: string) => (/[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`);
const grouped = (count: number, word: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? word : plural(word)}`;
const withCommas = (height: string) => BigInt(height).toLocaleString('en-US');
/** Heights in the verifier's sentences ("in block 518431") read with commas, as everywhere else. */
const heightsGrouped = (text: string) =>
  text.replace(
    /\b(block|blocks|header|height|of|at|set|from) (\d{4,20})\b/g,
    (_, word: string, digits: string) => `${word} ${withCommas(digits)}`,
  );

const nounOf = (fact: FactVerdict) => NOUNS[fact.proven?.kind ?? fact.claim.kind ?? ''] ?? 'record';

/** "4 votes and 1 submission"; a proposal's bundle says "the proposal's record" of its own. */
export function countFacts(facts: readonly FactVerdict[], subject?: BundleReport['subject']): string {
  const counts = new Map<string, number>();
  for (const fact of facts) counts.set(nounOf(fact), (counts.get(nounOf(fact)) ?? 0) + 1);
  const parts = [...counts].map(([noun, count]) =>
    noun === 'proposal record' && count === 1 && subject?.kind === 'proposal'
      ? "the proposal's record"
      : grouped(count, noun),
  );
  return parts.length <= 1 ? (parts[0] ?? 'nothing') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** "100 %", rounded down so 66.9 % never reads as 67 %. */
const shareText = ({ signed, total }: { signed: string; total: string }) =>
  BigInt(total) === 0n ? '0 %' : `${(BigInt(signed) * 100n) / BigInt(total)} %`;

const shortHash = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 12)}…` : hash);

/** "3 days", "5 hours", "40 seconds": an age or a period, rounded down to its largest unit. */
export function durationWords(seconds: bigint): string {
  const units: [bigint, string][] = [
    [86_400n, 'day'],
    [3600n, 'hour'],
    [60n, 'minute'],
    [1n, 'second'],
  ];
  const negative = seconds < 0n;
  const size = negative ? -seconds : seconds;
  for (const [unit, word] of units) {
    if (size >= unit || unit === 1n) {
      const count = Number(size / unit);
      return `${negative ? '−' : ''}${grouped(count, word)}`;
    }
  }
  return '0 seconds';
}

/** The root the check started from, in a few words: "your header 518,402 (7A3F…)". */
function rootWords(report: BundleReport): string {
  const root = report.root;
  if (!root) return 'its trust root';
  const at = `height ${withCommas(root.height)}, hash ${shortHash(root.hash)}`;
  return report.rootFrom === 'you' ? `your root (${at})` : `the root this bundle carries (${at})`;
}

/**
 * One sentence: what is proven and from what, or where the proof breaks. "Proven" is said only of
 * a check from a root the auditor gave; from the bundle's own root, the records follow from it,
 * and whose chain that root is remains to be compared. `where` says who checked ("in your
 * browser"); the command leaves it out.
 */
export function headlineOf(report: BundleReport, where = ''): string {
  const by = where ? ` ${where}` : '';
  if (report.problem && report.steps.length === 0) return `Not checked${by}: ${report.problem}`;
  const broken = report.steps.find((step) => !step.ok);
  if (report.problem) {
    const at = broken ? ` at height ${withCommas(broken.height)} (${broken.how})` : '';
    return `Not proven${by}: the chain of trust breaks${at} — ${heightsGrouped(report.problem)}`;
  }
  const proven = report.facts.filter((fact) => fact.ok);
  const refused = report.facts.filter((fact) => !fact.ok);
  const signed = report.steps.filter((step) => step.ok && step.how !== 'hash link').at(-1);
  const root = report.steps[0];
  const power = signed?.power ? `validators holding ${shareText(signed.power)} of the power` : 'its validators';
  const at = signed && signed !== root ? `, signed by ${power} at height ${withCommas(signed.height)}` : '';
  if (report.facts.length === 0)
    return report.unproven.length > 0
      ? `Nothing proven${by}: the archive holds ${grouped(report.unproven.length, 'record')} of it without proof, ` +
          'and says why for each (it proves a record a few blocks after it reads it; one the node no longer serves ' +
          'stays unproven).'
      : `Nothing proven${by}: the bundle holds no proofs.`;
  if (refused.length > 0) {
    const from = `, from ${rootWords(report)}`;
    if (proven.length === 0)
      return `Not proven${by}: ${countFacts(refused, report.subject)} refused; the chain of trust holds${at}${from}.`;
    return `Not all proven${by}: ${countFacts(refused, report.subject)} refused, ${countFacts(proven, report.subject)} proven${at}${from}.`;
  }
  const overclaimed = report.completeness.filter((line) => line.state === 'overclaimed');
  if (overclaimed.length > 0)
    return `Refused${by}: the bundle claims more than it proves complete — ${heightsGrouped(overclaimed[0].words)}${
      overclaimed.length > 1 ? ` (and ${grouped(overclaimed.length - 1, 'more claim')} not shown)` : ''
    }. Its ${countFacts(proven, report.subject)} are proven${at}, from ${rootWords(report)}.`;
  const unproven =
    report.unproven.length > 0
      ? ` The archive holds ${grouped(report.unproven.length, 'more record')} without proof (listed below).`
      : '';
  if (report.rootFrom === 'you') {
    const lead =
      report.unproven.length > 0 ? `Proven except ${grouped(report.unproven.length, 'unproven record')}` : 'Proven';
    return `${lead}${by}: ${countFacts(proven, report.subject)}${at}, from ${rootWords(report)}.${report.unproven.length > 0 ? unproven : ''}`;
  }
  return `Follows${where ? ` (checked ${where})` : ''} from the root this bundle carries (height ${withCommas(report.root?.height ?? root?.height ?? '0')}, hash ${
    report.root?.hash ?? '?'
  }): ${countFacts(proven, report.subject)}${at}. Compare that root with a source you trust.${unproven}`;
}

/** The verifier's clock and period, and how old the root is: what "still vouches" was judged by. */
export function clockLine(report: BundleReport): string {
  const when = report.checkedAtGiven
    ? `as of ${report.checkedAt} (the instant you gave)`
    : `at ${report.checkedAt} by this machine's clock`;
  const period = `a trusting period of ${durationWords(BigInt(report.trustingPeriodSeconds))} (${PERIOD_SOURCE_WORDS[report.trustingPeriodFrom]})`;
  const age = report.rootAgeSeconds === null ? '' : `; the root is ${durationWords(BigInt(report.rootAgeSeconds))} old`;
  const until = report.holdsUntil ? `; the chain of trust holds until ${report.holdsUntil}` : '';
  return `Checked ${when}, with ${period}${age}${until}.`;
}

/**
 * One fact: "proven: vote of cosmos1… YES on #7 at 518,431 — in block 518,431 (data_hash), …" or
 * "Not proven: …, because …". What is not proven is named as the archive claims it.
 */
export function factLine(
  fact: FactVerdict,
  rootFrom: BundleReport['rootFrom'] = 'you',
  { plain = false }: { plain?: boolean } = {},
): string {
  // The way it is proven names its block or state: "at N" beside it would say the height twice.
  // "Proven" only from a root the reader gave: from the bundle's own root a record only follows.
  const lead = rootFrom === 'you' ? 'proven' : 'follows';
  const how = plain ? plainHow(fact.how) : fact.how;
  if (fact.ok && fact.proven) return heightsGrouped(`${lead}: ${describeStatement(fact.proven)} — ${how}`);
  const claimed = describeStatement({
    ...fact.proven,
    ...fact.claim,
    kind: fact.claim.kind ?? fact.proven?.kind ?? '',
  });
  return `Not proven: ${claimed} at ${withCommas(fact.height)}, because ${heightsGrouped(fact.how)}`;
}

/** A completeness sentence with its heights grouped, as everywhere else. */
export const completenessWords = (line: BundleReport['completeness'][number]) => heightsGrouped(line.words);

/** A record the archive holds without proof, as it says itself. */
/**
 * Where the archive says it took the bundle's root from, and how a reader makes it their own; null
 * when the check started from the reader's root, or the bundle does not say.
 */
export function provenanceLine(report: BundleReport): string | null {
  const provenance = report.provenance;
  if (!provenance || report.rootFrom === 'you') return null;
  if (provenance.kind === 'genesis') {
    const hash = provenance.genesis_sha256
      ? ` The node served it with SHA-256 ${provenance.genesis_sha256} (CometBFT's own encoding of it; a published file's hash differs).`
      : '';
    return `The archive took this root from the chain's genesis, its first validators made from the ${provenance.set_from}.${hash} To check it yourself: polity-verify BUNDLE --genesis FILE, with the genesis file the chain publishes.`;
  }
  if (provenance.kind === 'agreement')
    return `The archive took this root from nodes that named the same header at that height: ${provenance.nodes.join(', ')}. Compare it with a source you trust: --trust HEIGHT:HASH.`;
  return "The archive's operator pinned this root (--trust). Compare it with a source you trust: --trust HEIGHT:HASH.";
}

export const unprovenLine = (entry: BundleReport['unproven'][number]) =>
  `Not proven: ${entry.what}, because ${heightsGrouped(entry.reason)}`;

/** Where trust starts, as the report says it: "the genesis validators of … (height 518,402), …". */
export const trustRootLine = (report: BundleReport) => heightsGrouped(report.trustRoot || 'none');

/** One step of the chain of trust: "height 518,431 (adjacent): signed by 100 % of the power …". */
export const stepLine = (step: TrustStep) =>
  `height ${withCommas(step.height)} (${step.how}): ${heightsGrouped(step.detail)}`;

/**
 * Proven facts are snapshots: each holds for the block or state it names. Said once, with the
 * heights they span, so a reader does not take a proven "SUBMITTED" for the proposal's state now.
 */
export function snapshotLine(report: BundleReport, { onPage = false } = {}): string | null {
  const heights = report.facts.filter((fact) => fact.ok).map((fact) => BigInt(fact.height));
  if (heights.length === 0) return null;
  const [low, high] = heights.reduce(
    ([min, max], height) => [height < min ? height : min, height > max ? height : max],
    [heights[0], heights[0]],
  );
  const span =
    low === high
      ? `block ${withCommas(String(low))}`
      : `blocks ${withCommas(String(low))} to ${withCommas(String(high))}`;
  const page = onPage ? ', and may differ from what the page shows now' : '';
  return `Each proven record is as the chain held it in the block or state named beside it (${span} here): what changed after is not proven by this bundle${page}.`;
}

const ACTS: Record<string, (statement: Record<string, string>) => string> = {
  exec: (statement) =>
    statement.by
      ? `a ${statement.by === 'vote' ? 'vote' : 'submission'} with EXEC_TRY tried to execute it (the executor result says whether its messages ran)`
      : `${statement.executor ?? '?'} sent a MsgExec for it (its transaction succeeded; the executor result says whether its messages ran)`,
  withdraw: (statement) => `${statement.address ?? '?'} withdrew it`,
  vote: (statement) =>
    `${statement.voter ?? '?'} voted ${(statement.option ?? '?').replace(/^VOTE_OPTION_/, '')} with EXEC_TRY`,
};

/**
 * Where a proposal's proven record is older than what acted on it in the same bundle (a record
 * proven SUBMITTED, NOT_RUN, then an execution proven by its transaction), one line each, so the
 * record is not read against a badge that shows the proposal now.
 */
export function laterActsLines(report: BundleReport, { onPage = false } = {}): string[] {
  const proven = report.facts.filter((fact) => fact.ok && fact.proven);
  const lines: string[] = [];
  for (const record of proven) {
    const statement = record.proven!;
    if (statement.kind !== 'proposal' || statement.stored !== 'yes') continue;
    const acts = proven.filter(
      (fact) =>
        fact.proven!.proposal_id === statement.proposal_id &&
        BigInt(fact.height) > BigInt(record.height) &&
        fact.proven!.kind in ACTS &&
        fact.proven!.stored === undefined &&
        (fact.proven!.kind !== 'vote' || fact.proven!.exec === 'EXEC_TRY'),
    );
    // An execution an EXEC_TRY vote made is said with that vote, not again on its own.
    const said = acts.filter(
      (fact) =>
        !fact.proven!.by ||
        !acts.some((other) => other.height === fact.height && other.proven!.kind === fact.proven!.by),
    );
    if (said.length === 0) continue;
    const after = said.map((fact) => `${ACTS[fact.proven!.kind](fact.proven!)} at ${withCommas(fact.height)}`);
    lines.push(
      `Proposal #${statement.proposal_id}'s record is proven as of the state after block ${withCommas(record.height)} ` +
        `(${(statement.status ?? '?').replace(/^PROPOSAL_STATUS_/, '')}, executor ${(statement.executor_result ?? '?').replace(/^PROPOSAL_EXECUTOR_RESULT_/, '')}); ` +
        `after it, ${after.join('; ')}, proven by ${said.length === 1 ? 'its transaction' : 'their transactions'}` +
        (onPage ? ': the badge above shows the proposal as the chain holds it now.' : '.'),
    );
  }
  return lines;
}

/** "Page 2 of 25: votes 2,001–4,000 of 50,000. Previous: …; next: …" — or null for a whole bundle. */
export function pageLine(report: BundleReport): string | null {
  const page = report.page;
  if (!page) return null;
  const count = (value: number) => value.toLocaleString('en-US');
  const beside = [page.previous && `previous page: ${page.previous}`, page.next && `next page: ${page.next}`]
    .filter(Boolean)
    .join('; ');
  return `Page ${count(page.number)} of ${count(page.of)}: ${page.items} ${count(page.first)}–${count(page.last)} of ${count(page.total)}${beside ? ` (${beside})` : ''}. Each page verifies alone.`;
}

export function reportLines(report: BundleReport, { verbose = false }: { verbose?: boolean } = {}): string[] {
  const page = pageLine(report);
  const provenance = provenanceLine(report);
  const snapshot = snapshotLine(report);
  const lines = [
    headlineOf(report),
    clockLine(report),
    ...(page ? [page] : []),
    ...(provenance ? [provenance] : []),
    ...(snapshot ? [snapshot] : []),
    ...laterActsLines(report),
    '',
    `Trust root: ${trustRootLine(report)}`,
  ];
  const summary = verbose ? null : chainSummaryLine(report);
  if (summary) lines.push(`  ${summary}`);
  else for (const step of report.steps) lines.push(`  ${step.ok ? 'ok ' : 'NO '} ${stepLine(step)}`);
  if (report.completeness.length > 0) {
    lines.push('', 'Completeness:');
    for (const line of report.completeness) lines.push(`  ${completenessWords(line)}`);
  }
  lines.push('', verbose ? 'Facts, each with the header field or store proof behind it:' : 'Records:');
  for (const fact of report.facts) lines.push(`  ${factLine(fact, report.rootFrom, { plain: !verbose })}`);
  if (report.unproven.length > 0) {
    lines.push('', 'Held without proof (the archive says so itself):');
    for (const entry of report.unproven) lines.push(`  ${unprovenLine(entry)}`);
  }
  if (!verbose) lines.push('', '(--verbose: each header checked, and the hash or proof behind each record)');
  return lines;
}
