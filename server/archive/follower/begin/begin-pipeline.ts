import { ActivityIndex } from '../../source/activity-index.ts';
import type { NodeStatus } from '../../source/rpc-reader.ts';
import { readGenesis } from '../../source/trust/genesis-reader.ts';
import type { Lane } from '../lane/lane.ts';
import { bootstrap } from './bootstrap.ts';
import { bootstrapFromGenesis } from './genesis-bootstrap.ts';
import { startWithoutGroupService, type GroupDeparture } from './group-gone-start.ts';
import { findStart } from './start-point.ts';

/**
 * Writes a new archive's first state, from where `--archive-from` says: the chain's genesis, or
 * the state pinned at a height. Returns why it cannot, in words (nothing written then), or null.
 */
async function beginArchive(lane: Lane, status: NodeStatus): Promise<string | null> {
  const { store, rpc, rest, options } = lane;
  const servesGroup = await rest.servesGroup(status.latestHeight);
  // A genesis holds the group state a node that dropped x/group cannot go on from: the archive
  // begins from the blocks the node keeps instead, their group facts taken from their events.
  const genesisUnusable = options.from === 'genesis' && !servesGroup;
  if (genesisUnusable)
    options.log('archive: the node no longer serves x/group, so it begins from its earliest block, not the genesis');
  const found = await findStart(genesisUnusable ? 'earliest' : (options.from ?? 'earliest'), status, rest);
  if (found.kind === 'refused') return found.problem;
  let start = found;
  let departure: GroupDeparture | null = null;
  if (start.kind === 'state' && !servesGroup) {
    const moved = await startWithoutGroupService(rest, start, status.latestHeight);
    if ('problem' in moved) return moved.problem;
    ({ start, departure } = moved);
  }
  if (start.kind === 'genesis') {
    const begun = await bootstrapFromGenesis(store, { url: options.rpcUrl ?? '', reader: rpc }, rest, status);
    if ('problem' in begun) return begun.problem;
    options.log(`archive: begins at the chain's genesis (height ${begun.height}); every block follows`);
    return null;
  }
  // The state written first is read at a height whose header the light client must vouch for.
  const vouched = await options.vouchFor?.(start.height);
  const reading = {
    index: new ActivityIndex(rpc, options.indexSample),
    inFlight: options.batch,
    log: options.log,
    vouched,
    // Without it the groups created before the blocks are simply not rebuilt: said, not fatal.
    genesis: () =>
      readGenesis(options.rpcUrl ?? '').catch((error: unknown) => {
        options.log(
          `archive: the genesis could not be read, so groups it began with are not rebuilt: ${String(error)}`,
        );
        return null;
      }),
  };
  const height = await bootstrap(store, rpc, rest, start, reading, departure);
  options.log(`archive: bootstrapped from the state at height ${height}`);
  if (departure)
    options.log(
      `archive: x/group left the chain at height ${departure.height}; what happened in it before is taken from the blocks' events`,
    );
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
