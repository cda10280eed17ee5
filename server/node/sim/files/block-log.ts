import { createHash } from 'node:crypto';

import type { Millis } from '../../chain/records.ts';
import type { ChainParams } from '../sim-chain.ts';

// blocks.log: one line per live block, `HEIGHT TIME PREV HASH\n`, where TIME is the block's
// Unix time in ms, PREV the previous line's HASH (the first line's is the hash of the chain's
// params) and HASH the first 16 hex digits of SHA-256("HEIGHT TIME PREV"). A changed digit, a
// missing or repeated line, or a log from another chain.json breaks the chain of hashes.

export interface LoggedBlock {
  height: bigint;
  time: Millis;
  hash: string;
}

const HASH_HEX = 16;
const LINE = /^(\d{1,20}) (\d{1,16}) ([0-9a-f]{16}) ([0-9a-f]{16})$/;
/** A line as Polity wrote it before the hashes: `HEIGHT TIME`. */
const LEGACY_LINE = /^\d+ \d+$/;

/** Why a first line is refused outright: it was written whole, for another chain.json. */
const NOT_THIS_CHAIN = 'it does not link to chain.json (the log belongs to another chain)';

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, HASH_HEX);

/** What the first line links to: the chain's params, so a log only fits its own chain.json. */
export const genesisHash = (params: ChainParams) =>
  sha256Hex(
    'polity chain ' +
      JSON.stringify(
        [
          params.seed,
          params.genesisTime,
          params.scenario,
          params.livePeriodS,
          // Only when given, so that logs written before the option still link to their chain.json.
          ...(params.accountsSeed === undefined ? [] : [`accounts:${params.accountsSeed}`]),
          // The chain after that upgrade is another chain: a chain.json edited later no longer links to its log.
          ...(params.dropGroupAt === undefined ? [] : [`drop-group-at:${params.dropGroupAt}`]),
        ].map(String),
      ),
  );

export function formatLine(height: bigint, time: Millis, prev: string): { line: string; hash: string } {
  const hash = sha256Hex(`${height} ${time} ${prev}`);
  return { line: `${height} ${time} ${prev} ${hash}\n`, hash };
}

/** A line whose own hash matches its content: something wrote it whole. */
function parseIntactLine(text: string): (LoggedBlock & { prev: string }) | null {
  const match = LINE.exec(text);
  if (!match) return null;
  const [, height, time, prev, hash] = match;
  if (sha256Hex(`${height} ${time} ${prev}`) !== hash) return null;
  const millis = Number(time);
  if (!Number.isSafeInteger(millis)) return null;
  return { height: BigInt(height), time: millis, prev, hash };
}

export type LogReading =
  | { kind: 'intact'; blocks: LoggedBlock[] }
  /** The end is damaged (torn, garbled or not following on): cut it at `keepBytes`. */
  | { kind: 'damaged-end'; blocks: LoggedBlock[]; keepBytes: number; droppedLines: number; reason: string }
  /** Damage with intact lines after it, or a log of another chain: nothing may be cut. */
  | { kind: 'damaged'; lineNumber: number; reason: string }
  | { kind: 'legacy' };

interface RawLine {
  text: string;
  start: number;
  /** False for what follows the last newline: a line a write never finished. */
  complete: boolean;
}

function splitLines(bytes: Buffer): RawLine[] {
  const lines: RawLine[] = [];
  let start = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(10, start);
    const end = newline === -1 ? bytes.length : newline;
    lines.push({ text: bytes.toString('latin1', start, end), start, complete: newline !== -1 });
    start = end + 1;
  }
  return lines;
}

/** Why `line` cannot follow `previous` (null: it does). */
function breakReason(line: RawLine, previous: LoggedBlock | null, firstPrev: string): string | null {
  if (!line.complete) return 'the line is incomplete';
  const block = parseIntactLine(line.text);
  if (!block) return 'the line does not match its checksum';
  if (previous === null) return block.prev === firstPrev ? null : NOT_THIS_CHAIN;
  if (block.height !== previous.height + 1n) return `height ${previous.height + 1n} expected, found ${block.height}`;
  if (block.prev !== previous.hash) return `it does not link to the line before it`;
  if (block.time <= previous.time) return 'its time is not after the time of the line before it';
  return null;
}

/** Reads and verifies the whole log against the chain's first hash. */
export function readBlockLog(bytes: Buffer, firstPrev: string): LogReading {
  const lines = splitLines(bytes);
  if (lines.length > 0 && lines[0].complete && LEGACY_LINE.test(lines[0].text)) return { kind: 'legacy' };
  const blocks: LoggedBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const reason = breakReason(lines[index], blocks.at(-1) ?? null, firstPrev);
    if (reason === null) {
      const { height, time, hash } = parseIntactLine(lines[index].text) as LoggedBlock;
      blocks.push({ height, time, hash });
      continue;
    }
    // A write cut short leaves garbage only at the end; a whole line after the break means the
    // middle was changed, and cutting there would throw away blocks that were served.
    const laterIntact = lines.slice(index + 1).filter((line) => line.complete && parseIntactLine(line.text));
    const foreign = reason === NOT_THIS_CHAIN;
    if (laterIntact.length > 0 || foreign) {
      const after = laterIntact.length > 0 ? `, and ${laterIntact.length} intact line(s) follow it` : '';
      return { kind: 'damaged', lineNumber: index + 1, reason: reason + after };
    }
    return { kind: 'damaged-end', blocks, keepBytes: lines[index].start, droppedLines: lines.length - index, reason };
  }
  return { kind: 'intact', blocks };
}

/**
 * A log written before the hashes: every line `HEIGHT TIME`, heights one apart, times rising.
 * What follows the last newline is dropped, as that version did; anything else damaged is fatal.
 */
export function readLegacyLog(bytes: Buffer): { blocks: [bigint, Millis][]; tornLine: boolean } | string {
  const lines = splitLines(bytes);
  const tornLine = lines.at(-1)?.complete === false;
  if (tornLine) lines.pop();
  const blocks: [bigint, Millis][] = [];
  for (const [index, line] of lines.entries()) {
    const previous = blocks.at(-1);
    if (!LEGACY_LINE.test(line.text)) return `line ${index + 1} is not "HEIGHT TIME"`;
    const [height, time] = line.text.split(' ');
    const block: [bigint, Millis] = [BigInt(height), Number(time)];
    if (!Number.isSafeInteger(block[1])) return `line ${index + 1} has an impossible time`;
    if (previous && block[0] !== previous[0] + 1n) return `line ${index + 1} does not follow line ${index}`;
    if (previous && block[1] <= previous[1]) return `line ${index + 1} is not later than line ${index}`;
    blocks.push(block);
  }
  return { blocks, tornLine };
}
