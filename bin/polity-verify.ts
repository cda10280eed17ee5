import { verifyBundleQuickly, type AuditorGenesis, type BundleVerdict } from '../verify/bundle-verify.ts';
import { reportLines } from '../verify/report-words.ts';
import { nanosOf, timestampOf } from '../verify/trust/header.ts';
import { trustingPeriodOf, type TrustingPeriod } from '../verify/trust/trusting-period.ts';
import { readBundle, type ReadBundle } from './bundle-source.ts';
import { readGenesisFile } from './genesis-file.ts';
import { linksNeededLines, readyCommandLines } from './ready-commands.ts';
import { terminalSafe } from './terminal-text.ts';

// polity-verify BUNDLE: checks a proof bundle with nothing else — no server, no node, no network —
// by this machine's clock and a trusting period of the auditor's, never the bundle's.

const USAGE = `usage: polity-verify BUNDLE [options]
       BUNDLE is a file, "-" (standard input) or an http(s) address (an archive's /proofs/… route)

Checks a Polity proof bundle offline: every signed header from the trust root, every hash link,
every transaction and store proof, and every claim against the proven bytes.

options:
  --trust HEIGHT:HASH      start from a header you trust (its height and 64-digit hex block hash),
                           got from a source other than the bundle; without it the check starts
                           from the root the bundle carries, and says so. HEIGHT may be any header
                           the bundle signs whose hash links reach down to every header a record
                           rests on (the archive adds them: ?links_from=HEIGHT); the report names
                           the heights this file can start from, with the command for each
  --genesis FILE           start from the first validators of a genesis you have (the file the
                           chain publishes, whose SHA-256 you compared): made from its gen_txs,
                           staking's exported state or its validators, as the chain made them
  --expect-genesis SHA256  refuse unless the genesis is this one: your --genesis file's SHA-256,
                           or else the one the archive names for the bundle's root (the archive's
                           word for it: only --genesis checks the validators themselves)
  --trusting-period TIME   how long a trusted header vouches for later ones: by default two thirds
                           of the unbonding time in your --genesis file, else CometBFT's default of
                           14d (its advice for a 21-day unbonding time: use two thirds of your
                           chain's); TIME is seconds or a number with s, m, h or d
  --at TIME                judge by this instant (RFC 3339, e.g. 2026-11-01T00:00:00Z) instead of
                           this machine's clock: re-checks an old export as of when it was made
  --require-complete       exit 6 when the bundle shows a set (a proposal's votes, a group's members
                           or policies, a voter's votes) without proving it complete
  --verbose, -v            each header of the chain of trust, and the header field or store proof
                           behind each record (data_hash, last_results_hash, app_hash, walks)
  --json                   the whole report as JSON
  -h, --help               this text

exit codes:
  0  everything proven, from a root you gave (--trust or --genesis)
  1  something is refused (a header, a signature, a proof or a claim): see the report
  2  the command was used wrongly, or the file cannot be read as JSON, or it cannot start from your
     --trust header without the hash links the archive adds (?links_from=HEIGHT: the address is printed)
  3  everything follows, but from the root the bundle carries: compare it with a source you trust
  4  proven from your root, except records the archive lists as unproven
  5  both 3 and 4
  6  with --require-complete: nothing refused, but a set is not shown complete (see Completeness)

The rules each verdict rests on (R1–R3, T1–T4, F1–F3, W1–W3, C1–C10) are in docs/bundle-format.md.
`;

const EXIT_CODES: Record<BundleVerdict, number> = {
  proven: 0,
  refused: 1,
  'own-root': 3,
  'unproven-records': 4,
  'own-root-unproven-records': 5,
};

/** --require-complete and a set shown without its walk: a code of its own, never mistaken for a refusal. */
const REQUIRE_COMPLETE_EXIT = 6;

interface Arguments {
  file: string;
  trust?: { height: string; hash: string };
  genesis?: AuditorGenesis & { unbondingSeconds: bigint | null };
  expectGenesisSha256?: string;
  /** Set by --trusting-period; else from --genesis's unbonding time, else CometBFT's default. */
  trustingPeriodSeconds?: bigint;
  atNanos?: bigint;
  json: boolean;
  verbose: boolean;
  requireComplete: boolean;
}

const UNITS: Record<string, bigint> = { s: 1n, m: 60n, h: 3600n, d: 86_400n };

/** "14d", "336h", "1209600s" or "1209600" as seconds; null when it is none of these. */
export function durationSeconds(text: string): bigint | null {
  const match = /^(\d{1,12})([smhd]?)$/.exec(text);
  if (!match) return null;
  const seconds = BigInt(match[1]) * UNITS[match[2] || 's'];
  return seconds > 0n ? seconds : null;
}

function parseArguments(argv: readonly string[]): Arguments | { message: string; exit: number } {
  let file: string | undefined;
  const parsed: Omit<Arguments, 'file'> = {
    json: false,
    verbose: false,
    requireComplete: false,
  };
  const valueOf = (index: number, name: string) => {
    const argument = argv[index];
    return argument === name
      ? { value: argv[index + 1], next: index + 1 }
      : { value: argument.slice(name.length + 1), next: index };
  };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    const named = (name: string) => argument === name || argument.startsWith(`${name}=`);
    if (argument === '--json') parsed.json = true;
    else if (argument === '--verbose' || argument === '-v') parsed.verbose = true;
    else if (argument === '--require-complete') parsed.requireComplete = true;
    else if (argument === '--help' || argument === '-h') return { message: USAGE, exit: 0 };
    else if (named('--trust')) {
      const { value, next } = valueOf(index, '--trust');
      index = next;
      const match = /^(\d{1,19}):([0-9a-fA-F]{64})$/.exec(value ?? '');
      if (!match)
        return {
          message: `--trust wants HEIGHT:HASH (a height and a 64-digit hex block hash), got ${value ?? 'nothing'}`,
          exit: 2,
        };
      parsed.trust = { height: BigInt(match[1]).toString(), hash: match[2].toUpperCase() };
    } else if (named('--genesis')) {
      const { value, next } = valueOf(index, '--genesis');
      index = next;
      const genesis = readGenesisFile(value ?? '');
      if ('message' in genesis) return { message: `--genesis: ${genesis.message}`, exit: 2 };
      parsed.genesis = genesis;
    } else if (named('--expect-genesis')) {
      const { value, next } = valueOf(index, '--expect-genesis');
      index = next;
      if (!/^[0-9a-fA-F]{64}$/.test(value ?? ''))
        return { message: `--expect-genesis wants a 64-digit hex SHA-256, got ${value ?? 'nothing'}`, exit: 2 };
      parsed.expectGenesisSha256 = value!.toLowerCase();
    } else if (named('--trusting-period')) {
      const { value, next } = valueOf(index, '--trusting-period');
      index = next;
      const seconds = durationSeconds(value ?? '');
      if (seconds === null)
        return {
          message: `--trusting-period wants seconds or a number with s, m, h or d (14d), got ${value ?? 'nothing'}`,
          exit: 2,
        };
      parsed.trustingPeriodSeconds = seconds;
    } else if (named('--at')) {
      const { value, next } = valueOf(index, '--at');
      index = next;
      const time = timestampOf(value ?? '');
      if (!time)
        return {
          message: `--at wants an RFC 3339 UTC time (2026-11-01T00:00:00Z), got ${value ?? 'nothing'}`,
          exit: 2,
        };
      parsed.atNanos = nanosOf(time);
    } else if (argument.startsWith('--')) return { message: `unknown option ${argument}\n\n${USAGE}`, exit: 2 };
    else if (file === undefined) file = argument;
    else return { message: `one bundle at a time\n\n${USAGE}`, exit: 2 };
  }
  if (file === undefined) return { message: USAGE, exit: 2 };
  if (parsed.trust && parsed.genesis)
    return { message: '--trust and --genesis each name where trust starts: give one', exit: 2 };
  return { file, ...parsed };
}

async function main(): Promise<number> {
  const parsed = parseArguments(process.argv.slice(2));
  if ('message' in parsed) {
    (parsed.exit === 0 ? process.stdout : process.stderr).write(
      parsed.message.endsWith('\n') ? parsed.message : `${parsed.message}\n`,
    );
    return parsed.exit;
  }
  const failed = (what: string, error: unknown) => {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(terminalSafe(`cannot read ${parsed.file}${what}: ${reason}${cause}`) + '\n');
    return 2;
  };
  let read: ReadBundle;
  let input: unknown;
  try {
    read = await readBundle(parsed.file);
  } catch (error) {
    return failed('', error);
  }
  try {
    input = JSON.parse(read.text);
  } catch (error) {
    return failed(' as JSON', error);
  }
  const period: TrustingPeriod =
    parsed.trustingPeriodSeconds !== undefined
      ? { seconds: parsed.trustingPeriodSeconds, from: 'given' }
      : trustingPeriodOf(parsed.genesis?.unbondingSeconds ?? null, 'genesis');
  const report = await verifyBundleQuickly(input, {
    trust: parsed.trust,
    genesis: parsed.genesis,
    expectGenesisSha256: parsed.expectGenesisSha256,
    atNanos: parsed.atNanos,
    trustingPeriodSeconds: period.seconds,
    trustingPeriodFrom: period.from,
  });
  // JSON escapes control characters itself; the words carry the bundle's text, so they are escaped here.
  const lines = [
    ...reportLines(report, { verbose: parsed.verbose }),
    ...readyCommandLines(parsed.file, report, parsed.trust !== undefined),
    read.line,
  ];
  process.stdout.write(
    parsed.json ? `${JSON.stringify(report, null, 2)}\n` : `${lines.map(terminalSafe).join('\n')}\n`,
  );
  const linksNeeded = linksNeededLines(report, parsed.trust?.height);
  if (linksNeeded) {
    process.stderr.write(`${linksNeeded.map(terminalSafe).join('\n')}\n`);
    return 2;
  }
  const notShown = report.completeness.some((line) => line.state === 'not-shown');
  if (parsed.requireComplete && notShown && report.verdict !== 'refused') return REQUIRE_COMPLETE_EXIT;
  return EXIT_CODES[report.verdict];
}

process.exitCode = await main();
