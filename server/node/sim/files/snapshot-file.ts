import { createHash } from 'node:crypto';

import type { GovState } from '../../chain/gov/gov-genesis.ts';
import type { GroupState } from '../../chain/group/genesis-state.ts';
import type { Millis } from '../../chain/records.ts';
import type { UpgradeState } from '../../chain/upgrade/keeper.ts';
import type { Cast, ChainParams } from '../sim-chain.ts';

/** A whole chain state at one height: a restart loads it and replays only later blocks. */
export interface Snapshot {
  params: ChainParams;
  height: bigint;
  time: Millis;
  prevTime: Millis;
  cast: Cast;
  book: [string, string][];
  group: GroupState;
  upgrade: UpgradeState;
  /** Absent from snapshots written before the chain had x/gov. */
  gov?: GovState;
  /** Hash of the block at `height`, which the next block's header links to (absent before it was kept). */
  blockHash?: string;
  /** Each signer's next account sequence, as decimal strings (absent before transactions named them). */
  sequences?: [string, string][];
  /** Results hash of the block at `height` (the next header's last_results_hash); signed chains only. */
  resultsHash?: string;
  /** Each store tree's leaf versions, run-length encoded in key order; signed chains only. */
  /** Each tree's leaf versions; `bank` is absent from snapshots made before its store was committed. */
  treeVersions?: { group: [number, number][]; upgrade: [number, number][]; bank?: [number, number][] };
}

// snapshot.json is one JSON object: {"format":2,"height":"H","logHash":"…","stateSha256":"…",
// "state":{…}}. `logHash` is the hash of blocks.log's line for height H, so the snapshot only
// fits the log it was taken from; `stateSha256` covers the exact text of `state`, so an edited
// state is caught without re-serialising it.

const FORMAT = 2;
const STATE_KEY = ',"state":';

export interface SnapshotHeader {
  height: bigint;
  logHash: string;
}

const encodeBig = (_key: string, value: unknown) => (typeof value === 'bigint' ? { $big: value.toString() } : value);
const decodeBig = (_key: string, value: unknown) =>
  typeof value === 'object' && value !== null && '$big' in value && typeof value.$big === 'string'
    ? BigInt(value.$big)
    : value;

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

export function encodeSnapshot(snapshot: Snapshot, logHash: string): string {
  const state = JSON.stringify(snapshot, encodeBig);
  const header = JSON.stringify({
    format: FORMAT,
    height: String(snapshot.height),
    logHash,
    stateSha256: sha256Hex(state),
  });
  return `${header.slice(0, -1)}${STATE_KEY}${state}}\n`;
}

/** Why a snapshot file cannot be used; the caller names the file. */
export class SnapshotUnreadable extends Error {}

/** The snapshot a file holds, once its checksum and header agree; throws SnapshotUnreadable. */
export function decodeSnapshot(text: string): { header: SnapshotHeader; snapshot: Snapshot } {
  const split = text.indexOf(STATE_KEY);
  const body = text.trimEnd();
  if (!text.startsWith(`{"format":${FORMAT},`) || split === -1 || !body.endsWith('}')) {
    throw new SnapshotUnreadable(
      text.startsWith('{"params":')
        ? 'it is in the format of an earlier Polity, without checksums'
        : 'it is not a complete snapshot',
    );
  }
  let header: unknown;
  try {
    header = JSON.parse(text.slice(0, split) + '}');
  } catch {
    throw new SnapshotUnreadable('its header is not valid JSON');
  }
  if (
    typeof header !== 'object' ||
    header === null ||
    !('height' in header && typeof header.height === 'string' && /^\d{1,20}$/.test(header.height)) ||
    !('logHash' in header && typeof header.logHash === 'string') ||
    !('stateSha256' in header && typeof header.stateSha256 === 'string')
  ) {
    throw new SnapshotUnreadable('its header lacks the height, logHash or stateSha256');
  }
  const state = body.slice(split + STATE_KEY.length, -1);
  if (sha256Hex(state) !== header.stateSha256) throw new SnapshotUnreadable('its state does not match its checksum');
  const snapshot = JSON.parse(state, decodeBig) as Snapshot;
  if (String(snapshot.height) !== header.height) {
    throw new SnapshotUnreadable(`its header says height ${header.height} but its state is at ${snapshot.height}`);
  }
  return { header: { height: BigInt(header.height), logHash: header.logHash }, snapshot };
}
