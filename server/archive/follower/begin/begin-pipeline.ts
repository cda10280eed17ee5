import { ActivityIndex } from '../../source/activity-index.ts';
import type { NodeStatus } from '../../source/rpc-reader.ts';
import type { Lane } from '../lane/lane.ts';
import { bootstrap } from './bootstrap.ts';
import { bootstrapFromGenesis } from './genesis-bootstrap.ts';
import { findStart } from './start-point.ts';

/**
 * Writes a new archive's first state, from where `--archive-from` says: the chain's genesis, or
 * the state pinned at a height. Returns why it cannot, in words (nothing written then), or null.
 */
async function beginArchive(lane: Lane, status: NodeStatus): Promise<string | null> {
  const { store, rpc, rest, options } = lane;
  const start = await findStart(options.from ?? 'earliest', status, rest);
  if (start.kind === 'refused') return start.problem;
  if (start.kind === 'genesis') {
    const begun = await bootstrapFromGenesis(store, { url: options.rpcUrl ?? '', reader: rpc }, rest, status);
    if ('problem' in begun) return begun.problem;
    options.log(`archive: begins at the chain's genesis (height ${begun.height}); every block follows`);
    return null;
  }
  // The state written first is read at a height whose header the light client must vouch for.
  await options.vouchFor?.(start.height);
  const reading = { index: new ActivityIndex(rpc), inFlight: options.batch, log: options.log };
  const height = await bootstrap(store, rpc, rest, start, reading);
  options.log(`archive: bootstrapped from the state at height ${height}`);
  return null;
}

/** A lane with no cursor yet: its first state is written, or the node refused (and why). */
export async function beginTurn(lane: Lane, status: NodeStatus): Promise<void> {
  lane.state.phase = 'bootstrapping';
  const problem = await beginArchive(lane, status);
  if (problem) return lane.refuse(problem);
  await lane.refreshStatistics();
}

/** The node's chain has no block yet (height 0): nothing to begin from and nothing wrong; asked again soon. */
export function waitForFirstBlock(lane: Lane): number {
  lane.meter.noBlockYet();
  lane.succeeded();
  return lane.options.pollMs;
}
