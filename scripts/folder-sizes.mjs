// Part of `npm run lint`: no folder of the code holds more than 24 files (tests beside their code
// count too), so a newcomer can read a folder's listing at a glance. Folders are the tracked ones.
import { execFileSync } from 'node:child_process';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';

export const MOST_FILES = 24;
const CODE = /^(src|server|verify|bin|e2e|scripts|checker)\//;

/** Folders holding more than `most` of the given files, largest first. */
export function crowdedFolders(paths, most = MOST_FILES) {
  const counts = new Map();
  for (const path of paths) {
    if (!CODE.test(path)) continue;
    counts.set(dirname(path), (counts.get(dirname(path)) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, count]) => count > most)
    .sort((left, right) => right[1] - left[1])
    .map(([folder, count]) => ({ folder, count }));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const crowded = crowdedFolders(tracked);
  for (const { folder, count } of crowded)
    console.error(`${folder}: ${count} files, more than ${MOST_FILES}: split it by subject`);
  process.exit(crowded.length > 0 ? 1 : 0);
}
