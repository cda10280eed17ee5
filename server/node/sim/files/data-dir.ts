import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import type { ChainParams } from '../sim-chain.ts';
import { formatLine, genesisHash, readLegacyLog } from './block-log.ts';
import { reasonOf, type DurableWriter } from './durable-writer.ts';

// The data dir's housekeeping: its file names, --reset, and converting a log written before
// the hashes. Every one of them announces what it did; none deletes a chain's file.

export interface ChainPaths {
  dir: string;
  params: string;
  log: string;
  snapshot: string;
  /** The blocks kept when the snapshot was written (blocks-window.json). */
  window: string;
}

export const chainPaths = (dir: string): ChainPaths => ({
  dir,
  params: join(dir, 'chain.json'),
  log: join(dir, 'blocks.log'),
  snapshot: join(dir, 'snapshot.json'),
  window: join(dir, 'blocks-window.json'),
});

/** Start-up stops with this: the message names the file and what the operator can do. */
export class ChainDataError extends Error {}

export const RESET_HINT = 'or start with --reset to begin a new chain (the old files are moved aside, not deleted)';

const CHAIN_FILE = /^(chain\.json|blocks\.log|snapshot\.json|blocks-window\.json)(\.tmp|\.before-checksums(\.\d+)?)?$/;
const BEFORE_CHECKSUMS = '.before-checksums';

/** `path`, or `path.2`, `path.3`…: the first name nothing uses, so nothing is overwritten. */
function freeName(path: string): string {
  if (!existsSync(path)) return path;
  for (let n = 2; ; n++) if (!existsSync(`${path}.${n}`)) return `${path}.${n}`;
}

/** --reset: the chain's files go to a `discarded-TIME` directory beside them. */
export function moveChainAside(paths: ChainPaths, writer: DurableWriter): void {
  const names = readdirSync(paths.dir).filter((name) => CHAIN_FILE.test(name));
  if (names.length === 0) {
    console.log(`--reset: ${paths.dir} holds no chain yet; starting a new one`);
    return;
  }
  const aside = freeName(join(paths.dir, `discarded-${new Date().toISOString().replace(/[:.]/g, '-')}`));
  try {
    mkdirSync(aside);
    for (const name of names) writer.move(join(paths.dir, name), join(aside, name));
  } catch (error) {
    throw new ChainDataError(`--reset cannot move the chain's files to ${aside} (${reasonOf(error)})`);
  }
  console.log(`--reset: the previous chain's files are in ${aside} (delete it when you no longer need it)`);
}

/** A `.tmp` is a replacement a kill interrupted; the file it was replacing is still whole. */
export function removeInterruptedWrites(paths: ChainPaths): void {
  for (const temporary of [paths.params, paths.log, paths.snapshot, paths.window].map((path) => `${path}.tmp`)) {
    if (!existsSync(temporary)) continue;
    try {
      rmSync(temporary);
      console.warn(`removed ${temporary}, left by a write a kill or crash interrupted (the file it replaced is whole)`);
    } catch (error) {
      console.warn(`${temporary} is left by an interrupted write and cannot be removed (${reasonOf(error)})`);
    }
  }
}

/**
 * Rewrites a log of the earlier format (`HEIGHT TIME`) with hashes, keeping the old file (and
 * the old snapshot, which cannot be checked and so is not used) under `.before-checksums`.
 * The snapshot moves first and the log is replaced atomically last: a kill at any step leaves
 * either the old log (converted again at the next start) or the new one.
 */
export function convertLegacyLog(paths: ChainPaths, params: ChainParams, old: Buffer, writer: DurableWriter): Buffer {
  const legacy = readLegacyLog(old);
  if (typeof legacy === 'string') {
    throw new ChainDataError(
      `${paths.log} is in the format of an earlier Polity (no checksums) and is damaged: ${legacy}. ` +
        `It cannot be converted safely: restore it from a backup, ${RESET_HINT}.`,
    );
  }
  let prev = genesisHash(params);
  const lines: string[] = [];
  for (const [height, time] of legacy.blocks) {
    const { line, hash } = formatLine(height, time, prev);
    lines.push(line);
    prev = hash;
  }
  const converted = Buffer.from(lines.join(''));
  const keptLog = freeName(paths.log + BEFORE_CHECKSUMS);
  const keptSnapshot = existsSync(paths.snapshot) ? freeName(paths.snapshot + BEFORE_CHECKSUMS) : null;
  try {
    if (keptSnapshot) writer.move(paths.snapshot, keptSnapshot);
    writer.replaceFile(keptLog, old);
    writer.replaceFile(paths.log, converted);
  } catch (error) {
    throw new ChainDataError(`cannot convert ${paths.log} to the checked format (${reasonOf(error)})`);
  }
  const torn = legacy.tornLine ? ' (its unfinished last line dropped)' : '';
  const snapshotNote = keptSnapshot
    ? `, and the old snapshot as ${keptSnapshot} (not used: the state is replayed)`
    : '';
  console.warn(
    `${paths.log} was in the format of an earlier Polity (no checksums): converted ${legacy.blocks.length} blocks` +
      `${torn}. The old log is kept as ${keptLog}${snapshotNote}; delete them once you no longer need them.`,
  );
  return converted;
}
