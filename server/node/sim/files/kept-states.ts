import type { CommittedState } from '../../chain/committed-state.ts';
import { exportGovState } from '../../chain/gov/gov-genesis.ts';
import type { GovKeeper } from '../../chain/gov/keeper.ts';
import { exportGroupState, groupExtrasOf, type GroupExtras } from '../../chain/group/genesis-state.ts';
import type { GroupKeeper } from '../../chain/group/keeper.ts';
import type { Millis } from '../../chain/records.ts';
import type { UpgradeKeeper } from '../../chain/upgrade/keeper.ts';
import type { Accounts } from '../activity/accounts.ts';
import { genesisGovState } from '../activity/genesis-stake.ts';
import type { SignerSequences } from '../activity/signer-sequences.ts';
import type { Cast, ChainParams } from '../sim-chain.ts';
import type { Snapshot } from './snapshot-file.ts';

// The committed states a node keeps for reads pinned to a height, and with each, what a snapshot
// of it needs beside its frozen tables. A snapshot is written of the earliest kept state, so a
// restart that replays the blocks after it makes every kept state again, exactly as it was.

/** What a snapshot of a committed height needs beside its frozen tables, taken when it was committed. */
export interface RestorePoint {
  readonly time: Millis;
  readonly prevTime: Millis;
  /** The height's block hash ('' for the state a chain starts from, which no block made). */
  readonly blockHash: string;
  readonly resultsHash: string | undefined;
  readonly group: GroupExtras;
  readonly govNextProposalId: bigint;
  /** Each signer's next account sequence. */
  readonly sequences: ReadonlyMap<string, bigint>;
}

/** The restore point of a chain's state as it is now. */
export function restorePointOf(
  chain: { time: Millis; prevTime: Millis; group: GroupKeeper; gov: GovKeeper },
  blockHash: string,
  resultsHash: string | undefined,
  sequences: SignerSequences,
): RestorePoint {
  return {
    time: chain.time,
    prevTime: chain.prevTime,
    blockHash,
    resultsHash,
    group: groupExtrasOf(chain.group.store),
    govNextProposalId: chain.gov.store.nextProposalId,
    sequences: sequences.copy(),
  };
}

export class KeptStates {
  private readonly states = new Map<bigint, CommittedState>();
  private readonly points = new Map<bigint, RestorePoint>();

  constructor(private readonly keepRecent: number) {}

  /** Keeps a committed height (with its restore point, when snapshots are written), forgetting the one that left the window. */
  keep(state: CommittedState, point: RestorePoint | null): void {
    this.states.set(state.height, state);
    if (point) this.points.set(state.height, point);
    const forgotten = state.height - BigInt(this.keepRecent);
    this.states.delete(forgotten);
    this.points.delete(forgotten);
  }

  get(height: bigint): CommittedState | undefined {
    return this.states.get(height);
  }

  /** The earliest kept height: heights are kept in order, so it is the map's first. */
  get earliest(): bigint | undefined {
    return this.states.keys().next().value;
  }

  /** The kept state at `height` with its restore point, if both are kept. */
  restorable(height: bigint): { state: CommittedState; point: RestorePoint } | undefined {
    const state = this.states.get(height);
    const point = this.points.get(height);
    return state && point ? { state, point } : undefined;
  }
}

export interface SnapshotChain {
  readonly params: ChainParams;
  readonly cast: Cast;
  readonly book: ReadonlyMap<string, string>;
}

/** A snapshot of one committed state, from its frozen tables and its restore point. */
export function snapshotOf(
  chain: SnapshotChain,
  state: CommittedState,
  point: RestorePoint,
  treeVersions: Snapshot['treeVersions'],
): Snapshot {
  return {
    params: chain.params,
    height: state.height,
    time: point.time,
    prevTime: point.prevTime,
    cast: chain.cast,
    // Addresses only ever join the book, and each maps to the same bytes: a later book serves as well.
    book: [...chain.book.entries()],
    group: exportGroupState(state.group, point.group),
    upgrade: state.upgrade.exportState(),
    gov: exportGovState(state.gov, point.govNextProposalId),
    blockHash: point.blockHash,
    sequences: [...point.sequences].map(([signer, sequence]) => [signer, String(sequence)]),
    ...(point.resultsHash === undefined ? {} : { resultsHash: point.resultsHash }),
    ...(treeVersions ? { treeVersions } : {}),
  };
}

/** The keepers a snapshot is loaded into. */
export interface SnapshotKeepers {
  readonly accounts: Accounts;
  readonly group: GroupKeeper;
  readonly upgrade: UpgradeKeeper;
  readonly gov: GovKeeper;
}

/** Loads a snapshot's state into fresh keepers: the inverse of snapshotOf. */
export function loadSnapshot(keepers: SnapshotKeepers, snapshot: Snapshot, sequences: SignerSequences): void {
  for (const [address, key] of snapshot.book) keepers.accounts.book.set(address, key);
  keepers.group.importState(snapshot.group);
  keepers.upgrade.importState(snapshot.upgrade);
  // A snapshot from before x/gov existed: gov starts as its genesis would have it, with no proposals.
  keepers.gov.importState(snapshot.gov ?? genesisGovState(keepers.accounts));
  sequences.importState(snapshot.sequences ?? []);
}
