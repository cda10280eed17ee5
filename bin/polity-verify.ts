import { readFileSync } from 'node:fs';

import { verifyBundleQuickly } from '../verify/bundle-verify.ts';
import { reportLines } from '../verify/report-words.ts';

// polity-verify BUNDLE [--trust HEIGHT:HASH] [--json]: checks a proof bundle with nothing else —
// no server, no node, no network. Exit 0 when every fact is proven, 1 when something is not, 2
// when the command was used wrongly or the file cannot be read.

const USAGE = 'usage: polity-verify BUNDLE.json [--trust HEIGHT:HASH] [--json]   (BUNDLE "-" reads standard input)';

function parseArguments(
  argv: readonly string[],
): { file: string; trust?: { height: string; hash: string }; json: boolean } | string {
  let file: string | undefined;
  let trust: { height: string; hash: string } | undefined;
  let json = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--json') json = true;
    else if (argument === '--trust' || argument.startsWith('--trust=')) {
      const value = argument === '--trust' ? argv[(index += 1)] : argument.slice('--trust='.length);
      const match = /^(\d+):([0-9a-fA-F]{64})$/.exec(value ?? '');
      if (!match)
        return `--trust wants HEIGHT:HASH (a height and a 64-digit hex block hash), got ${value ?? 'nothing'}`;
      trust = { height: match[1], hash: match[2].toUpperCase() };
    } else if (argument === '--help' || argument === '-h') return USAGE;
    else if (argument.startsWith('--')) return `unknown option ${argument}\n${USAGE}`;
    else if (file === undefined) file = argument;
    else return `one bundle at a time\n${USAGE}`;
  }
  if (file === undefined) return USAGE;
  return { file, trust, json };
}

async function main(): Promise<number> {
  const parsed = parseArguments(process.argv.slice(2));
  if (typeof parsed === 'string') {
    process.stderr.write(`${parsed}\n`);
    return 2;
  }
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(parsed.file === '-' ? 0 : parsed.file, 'utf8'));
  } catch (error) {
    process.stderr.write(
      `cannot read ${parsed.file} as JSON: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 2;
  }
  const report = await verifyBundleQuickly(input, { trust: parsed.trust });
  process.stdout.write(parsed.json ? `${JSON.stringify(report, null, 2)}\n` : `${reportLines(report).join('\n')}\n`);
  return report.ok ? 0 : 1;
}

process.exitCode = await main();
