// Builds the verifier package (packages/polity-verify/): bin/polity-verify.ts and what it imports,
// its libraries included, as one plain JavaScript file with no dependencies to install, and the
// licences of the libraries bundled into it. `npm pack packages/polity-verify` then gives a
// tarball that installs and runs with Node alone, offline.
//   node scripts/build-verifier.mjs
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const packageDir = path.join(root, 'packages/polity-verify');
export const builtCommand = path.join(packageDir, 'dist/polity-verify.mjs');

/** Where the verifier's sources are: a change in any of them makes the built command stale. */
const SOURCES = ['verify', 'bin', 'text-rules', 'package-lock.json', 'scripts/build-verifier.mjs'];

function newestChange(entry) {
  const full = path.join(root, entry);
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), 0);
}

/** True when the built command is older than a source it was built from (or missing). */
export function verifierIsStale() {
  const built = statSync(builtCommand, { throwIfNoEntry: false });
  return !built || SOURCES.some((entry) => newestChange(entry) > built.mtimeMs);
}

/** The package folder a bundled input came from: node_modules/@scope/name or node_modules/name. */
function packageOf(input) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  return match ? match[1] : null;
}

function notices(inputs) {
  const names = [...new Set(inputs.map(packageOf).filter(Boolean))].sort();
  const sections = names.map((name) => {
    const dir = path.join(root, 'node_modules', name);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const file = readdirSync(dir).find((entry) => /^licen[cs]e/i.test(entry));
    const text = file
      ? readFileSync(path.join(dir, file), 'utf8').trim()
      : `(the package ships no licence file; its package.json says ${manifest.license})`;
    return `## ${name} ${manifest.version} (${manifest.license})\n\n${text}\n`;
  });
  return `# Third-party code in polity-verify\n\npolity-verify bundles these libraries into dist/polity-verify.mjs, each under its own licence:\n\n${sections.join('\n')}`;
}

/** Builds the command; written beside and then renamed over, so a run beside it never reads half a file. */
export async function buildVerifier() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['bin/polity-verify.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    outfile: builtCommand,
    legalComments: 'none',
    logLevel: 'warning',
    // The libraries' CommonJS parts ask for `require`, which an ES module has to make for itself.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as polityRequire } from 'node:module';\nconst require = polityRequire(import.meta.url);",
    },
  });
  mkdirSync(path.dirname(builtCommand), { recursive: true });
  const temporary = `${builtCommand}.${process.pid}.tmp`;
  writeFileSync(temporary, result.outputFiles[0].contents, { mode: 0o755 });
  writeFileSync(path.join(packageDir, 'dist/THIRD-PARTY-NOTICES.md'), notices(Object.keys(result.metafile.inputs)));
  renameSync(temporary, builtCommand);
  return builtCommand;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const built = await buildVerifier();
  console.log(
    `built ${path.relative(root, built)} (${statSync(built).size.toLocaleString('en-US')} bytes)${existsSync(built) ? '' : ''}`,
  );
}
