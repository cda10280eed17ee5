import type { GovView } from './gov/gov-view.ts';
import type { GroupView } from './group/group-view.ts';
import type { UpgradeView } from './upgrade/keeper.ts';

/** One committed block's state, as the query servers read it. */
export interface CommittedState {
  readonly height: bigint;
  readonly group: GroupView;
  readonly upgrade: UpgradeView;
  readonly gov: GovView;
}

/** Where the node keeps its committed states (the simulated chain, here). */
export interface StateSource {
  readonly latestHeight: bigint;
  /** The state at `height`, or undefined when that version is no longer (or was never) kept. */
  stateAt(height: bigint): CommittedState | undefined;
}
