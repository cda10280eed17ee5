// What each build is made from, and the digest that recognises it: `npm start` builds again only
// when the digest of these files differs from the one the last successful build wrote beside it.
// Every build writes its digest (`npm run build`, `npm run build:server`), so a build made by hand
// or by the tests is one `npm start` does not make again.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const BUILDS = {
  dashboard: {
    inputs: [
      'src',
      'verify',
      'text-rules',
      'index.html',
      'vite.config.ts',
      'postcss.config.cjs',
      'tsconfig.json',
      'tsconfig.app.json',
      'tsconfig.node.json',
      'package-lock.json',
      'scripts/compress-assets.mjs',
    ],
    stamp: 'dist/.sources-digest',
    command: 'build',
  },
  service: {
    inputs: ['server', 'verify', 'text-rules', 'package-lock.json', 'scripts/build-server.mjs'],
    stamp: 'dist-server/.sources-digest',
    command: 'build:server',
  },
};

function* filesUnder(path) {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* filesUnder(join(path, entry));
}

export function digestOf(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs)
    for (const file of filesUnder(input)) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

export const isUpToDate = (build) =>
  existsSync(build.stamp) && readFileSync(build.stamp, 'utf8').trim() === digestOf(build.inputs);

/** Written once the build succeeded: a failed or interrupted build leaves no digest. */
export const stamp = (build, digest = digestOf(build.inputs)) => writeFileSync(build.stamp, `${digest}\n`);
