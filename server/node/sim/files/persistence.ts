import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';

import type { ChainParams } from '../sim-chain.ts';
import { formatLine, genesisHash, readBlockLog, type LoggedBlock } from './block-log.ts';
import { checkAccountsSeed, checkDropGroupAt, readOrStop, readParams, readSnapshot } from './chain-files-check.ts';
import {
  ChainDataError,
  chainPaths,
  convertLegacyLog,
  moveChainAside,
  removeInterruptedWrites,
  RESET_HINT,
  type ChainPaths,
} from './data-dir.ts';
import { FailureEpisodes, fsWriter, reasonOf, type DurableWriter } from './durable-writer.ts';
import { encodeSnapshot, type Snapshot } from './snapshot-file.ts';

export { ChainDataError } from './data-dir.ts';
export type { Snapshot } from './snapshot-file.ts';

export interface ChainFilesOptions {
  /** Start a new chain, moving the old one's files aside: only ever on the operator's word. */
  reset?: boolean;
  writer?: DurableWriter;
  /** How many of the last log lines' hashes to keep: a snapshot may be of any of those heights. */
  keepLines?: number;
}

/** A data dir that checked out: its params, every logged block, and the snapshot if any. */
export interface OpenedChain {
  files: ChainFiles;
  params: ChainParams;
  blocks: LoggedBlock[];
  snapshot: Snapshot | null;
}

interface LogTip {
  bytes: number;
  hash: string;
  /** null: no live block yet (the tip is the genesis state). */
  height: bigint | null;
}

/** Lines whose hashes are kept when no number is given: a snapshot of the tip, and a few below. */
const DEFAULT_KEEP_LINES = 2;

const keepLinesOf = (options: ChainFilesOptions) => Math.max(options.keepLines ?? DEFAULT_KEEP_LINES, 1);

/**
 * The chain's files in its data dir: `chain.json` (what defines the chain), `blocks.log` (one
 * hash-chained line per live block, synced before the block is made) and `snapshot.json`
 * (written atomically, naming the log line it covers). Opening verifies all three.
 */
export class ChainFiles {
  private readonly logWrites = new FailureEpisodes();
  private readonly snapshotWrites = new FailureEpisodes();
  /** A snapshot that failed: retried at every block until one is written. */
  private snapshotOwed = false;
  /** The hashes of the last log lines, by height: what a snapshot of one of them names. */
  private readonly lineHashes = new Map<bigint, string>();

  private constructor(
    private readonly paths: ChainPaths,
    private readonly writer: DurableWriter,
    private tip: LogTip,
    private snapshotHeight: bigint | null,
    private readonly keepLines: number,
    blocks: readonly LoggedBlock[],
  ) {
    for (const block of blocks.slice(-keepLines)) this.lineHashes.set(block.height, block.hash);
  }

  static open(dataDir: string, fresh: ChainParams, options: ChainFilesOptions = {}): OpenedChain {
    const writer = options.writer ?? fsWriter;
    const paths = chainPaths(dataDir);
    try {
      mkdirSync(dataDir, { recursive: true });
    } catch (error) {
      throw new ChainDataError(`cannot create the data dir ${dataDir} (${reasonOf(error)}): choose another --data-dir`);
    }
    if (options.reset) moveChainAside(paths, writer);
    removeInterruptedWrites(paths);
    if (!existsSync(paths.params)) return ChainFiles.create(paths, fresh, writer, options);

    const params = readParams(paths.params);
    checkDropGroupAt(paths.params, params, fresh);
    checkAccountsSeed(paths.params, params, fresh);
    const firstPrev = genesisHash(params);
    if (!existsSync(paths.log)) {
      throw new ChainDataError(
        `${paths.log} is missing beside ${paths.params}: the chain's blocks are gone. Restore it from a backup, ${RESET_HINT}.`,
      );
    }
    let bytes = readOrStop(paths.log);
    let reading = readBlockLog(bytes, firstPrev);
    if (reading.kind === 'legacy') {
      bytes = convertLegacyLog(paths, params, bytes, writer);
      reading = readBlockLog(bytes, firstPrev);
    }
    if (reading.kind === 'damaged' || reading.kind === 'legacy') {
      const where = reading.kind === 'damaged' ? `at line ${reading.lineNumber} (${reading.reason})` : '';
      throw new ChainDataError(
        `${paths.log} is damaged ${where}. That is not a write cut short at its end, so nothing is cut: ` +
          `restore it from a backup, ${RESET_HINT}.`,
      );
    }
    const blocks = reading.blocks;
    // Every check passes before the one repair allowed (cutting a damaged end) touches the log.
    const snapshot = existsSync(paths.snapshot) ? readSnapshot(paths, params, blocks) : null;
    let logBytes = bytes.length;
    if (reading.kind === 'damaged-end') {
      try {
        writer.truncate(paths.log, reading.keepBytes);
      } catch (error) {
        throw new ChainDataError(
          `${paths.log} ends in ${reading.droppedLines} damaged line(s) that must be cut, but it cannot be ` +
            `written (${reasonOf(error)}): make ${dataDir} writable and start again.`,
        );
      }
      logBytes = reading.keepBytes;
      console.warn(
        `${paths.log}: cut back to height ${blocks.at(-1)?.height ?? 'genesis'}, dropping ${reading.droppedLines} ` +
          `damaged block line(s) at its end (${reading.reason}; a kill, crash or full disk during a write leaves that)`,
      );
    }
    const tipBlock = blocks.at(-1);
    const tip = { bytes: logBytes, hash: tipBlock?.hash ?? firstPrev, height: tipBlock?.height ?? null };
    const files = new ChainFiles(paths, writer, tip, snapshot?.height ?? null, keepLinesOf(options), blocks);
    return { files, params, blocks, snapshot };
  }

  /** A new chain: the empty log first, so a kill in between leaves nothing that looks like a chain. */
  private static create(
    paths: ChainPaths,
    fresh: ChainParams,
    writer: DurableWriter,
    options: ChainFilesOptions,
  ): OpenedChain {
    const leftovers = [
      existsSync(paths.log) && statSync(paths.log).size > 0 ? paths.log : null,
      existsSync(paths.snapshot) ? paths.snapshot : null,
    ].filter((path) => path !== null);
    if (leftovers.length > 0) {
      throw new ChainDataError(
        `${paths.params} is missing but ${leftovers.join(' and ')} exist: without it the chain they hold ` +
          `cannot be rebuilt. Put chain.json back, ${RESET_HINT}.`,
      );
    }
    for (const [path, text] of [
      [paths.log, ''],
      [paths.params, JSON.stringify(fresh, null, 2) + '\n'],
    ]) {
      try {
        writer.replaceFile(path, text);
      } catch (error) {
        throw new ChainDataError(`cannot create ${path} (${reasonOf(error)}): choose a writable --data-dir`);
      }
    }
    const tip = { bytes: 0, hash: genesisHash(fresh), height: null };
    return {
      files: new ChainFiles(paths, writer, tip, null, keepLinesOf(options), []),
      params: fresh,
      blocks: [],
      snapshot: null,
    };
  }

  /** True while blocks.log cannot be written: the chain makes no block until it can. */
  get stalled(): boolean {
    return this.logWrites.failing;
  }

  get snapshotDue(): boolean {
    return this.snapshotOwed;
  }

  /**
   * Logs the next block, synced to disk; false when that failed (and nothing of it stays in the
   * log: the next attempt writes at the same offset). Failures are reported per episode.
   */
  appendBlock(height: bigint, time: number): boolean {
    const { line, hash } = formatLine(height, time, this.tip.hash);
    try {
      this.writer.writeAt(this.paths.log, this.tip.bytes, line);
    } catch (error) {
      this.cutPartialLine();
      this.logWrites.failed(
        () =>
          `cannot write ${this.paths.log} (${reasonOf(error)}): the chain stays at height ${height - 1n} and ` +
          `makes no block until the write works again (retried at every block)`,
      );
      return false;
    }
    this.tip = { bytes: this.tip.bytes + Buffer.byteLength(line), hash, height };
    this.lineHashes.set(height, hash);
    this.lineHashes.delete(height - BigInt(this.keepLines));
    this.logWrites.succeeded(
      (attempts) => `${this.paths.log} can be written again after ${attempts} failed attempt(s): block ${height} made`,
    );
    return true;
  }

  /** Best effort: a partial line left now is overwritten by the next append, or cut at start-up. */
  private cutPartialLine(): void {
    try {
      this.writer.truncate(this.paths.log, this.tip.bytes);
    } catch {
      // The disk refuses even that; the next append overwrites from the same offset.
    }
  }

  /**
   * Writes the blocks the node keeps beside the snapshot about to be written (best effort: without
   * it a restart serves only the blocks it replays, as before this file existed).
   */
  writeBlockWindow(text: string): void {
    try {
      this.writer.replaceFile(this.paths.window, text);
    } catch (error) {
      console.warn(
        `cannot write ${this.paths.window} (${reasonOf(error)}): a restart will not serve the blocks below its snapshot`,
      );
    }
  }

  /** The block window file's text, or null when there is none or it cannot be read. */
  readBlockWindow(): string | null {
    try {
      return existsSync(this.paths.window) ? readFileSync(this.paths.window, 'utf8') : null;
    } catch {
      return null;
    }
  }

  /**
   * Writes a snapshot of one of the last logged heights; false when that failed (reported per
   * episode, retried).
   */
  writeSnapshot(snapshot: Snapshot): boolean {
    if (this.tip.height === null) return true; // no live block: genesis is rebuilt from chain.json
    const logHash = this.lineHashes.get(snapshot.height);
    if (logHash === undefined) {
      throw new Error(
        `snapshot at ${snapshot.height}, a height whose log line is not known (the log ends at ${this.tip.height})`,
      );
    }
    try {
      this.writer.replaceFile(this.paths.snapshot, encodeSnapshot(snapshot, logHash));
    } catch (error) {
      this.snapshotOwed = true;
      const from = this.snapshotHeight === null ? 'genesis' : `the snapshot at height ${this.snapshotHeight}`;
      this.snapshotWrites.failed(
        () =>
          `cannot write ${this.paths.snapshot} at height ${snapshot.height} (${reasonOf(error)}). No block is lost: ` +
          `${this.paths.log} holds them all, and a restart replays them from ${from} (slower). Retried at every block.`,
      );
      return false;
    }
    this.snapshotOwed = false;
    this.snapshotHeight = snapshot.height;
    this.snapshotWrites.succeeded(
      (attempts) =>
        `${this.paths.snapshot} written again at height ${snapshot.height} after ${attempts} failed attempt(s)`,
    );
    return true;
  }
}
