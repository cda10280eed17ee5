import { timestampOf } from '../../../lib/cometbft-hash.ts';
import type { RestReader } from '../../source/rest-reader.ts';
import type { NodeStatus, RpcReader } from '../../source/rpc-reader.ts';
import { readGenesis, type NodeGenesis } from '../../source/trust/genesis-reader.ts';
import type { ArchiveStore } from '../../store/archive-store.ts';
import { setCursor } from '../../store/cursor/cursor-writes.ts';
import { knowPlan, ModuleVersionRows } from '../../store/upgrades/upgrade-writes.ts';
import { writeSnapshot } from './state-snapshot.ts';

/**
 * x/upgrade's genesis is empty: the plan already scheduled when the chain begins and the module
 * versions its InitChain wrote are read from the state at its first block, when the node keeps it.
 */
async function upgradeStateAtStart(rest: RestReader, initialHeight: bigint, status: NodeStatus) {
  if (status.latestHeight < initialHeight) {
    throw new Error(`the chain has not made its first block (height ${initialHeight}) yet: waiting`);
  }
  if (!(await rest.hasStateAt(initialHeight))) return { plan: null, versions: [] };
  return { plan: await rest.currentPlan(initialHeight), versions: await rest.moduleVersions(initialHeight) };
}

/**
 * The first block must be the one this genesis begins: at its initial height, naming no block
 * before it, and no earlier than its genesis time (CometBFT gives it the genesis time itself).
 */
async function firstBlockProblem(rpc: RpcReader, genesis: NodeGenesis): Promise<string | null> {
  const first = await rpc.block(genesis.initialHeight);
  const [blockTime, genesisTime] = [timestampOf(first.time), timestampOf(genesis.genesisTime)];
  const before = (a: NonNullable<typeof blockTime>, b: NonNullable<typeof blockTime>) =>
    a.seconds < b.seconds || (a.seconds === b.seconds && a.nanos < b.nanos);
  if (first.lastBlockHash !== '') {
    return `the node's /genesis does not begin its chain: block ${genesis.initialHeight} follows block ${first.lastBlockHash}`;
  }
  if (!blockTime || !genesisTime || before(blockTime, genesisTime)) {
    return `the node's /genesis does not begin its chain: block ${genesis.initialHeight} is of ${first.time}, before the genesis time ${genesis.genesisTime}`;
  }
  return null;
}

/**
 * An archive that starts where the chain does: the x/group state of the node's `/genesis`,
 * recorded at the height before the chain's first block, and then every block from there. Returns
 * the problem in words when the genesis cannot start this archive (nothing is written then).
 */
export async function bootstrapFromGenesis(
  store: ArchiveStore,
  rpc: { url: string; reader: RpcReader },
  rest: RestReader,
  status: NodeStatus,
): Promise<{ height: bigint } | { problem: string }> {
  const rpcUrl = rpc.url;
  const genesis = await readGenesis(rpcUrl);
  if (!genesis) return { problem: 'the node serves no /genesis: start from its earliest block instead' };
  if (genesis.chainId !== status.chainId) {
    return {
      problem: `the node's /genesis is of chain ${genesis.chainId}, but the node serves chain ${status.chainId}`,
    };
  }
  if (genesis.initialHeight < status.earliestHeight) {
    return {
      problem: `the chain starts at height ${genesis.initialHeight}, but the node's earliest block is ${status.earliestHeight}: the blocks between are not on this node (point the archive at an archive node)`,
    };
  }
  const { plan, versions } = await upgradeStateAtStart(rest, genesis.initialHeight, status);
  const mismatch = await firstBlockProblem(rpc.reader, genesis);
  if (mismatch) return { problem: mismatch };
  const height = genesis.initialHeight - 1n;
  const time = genesis.genesisTime;
  const { groups, group_members, group_policies, proposals, votes } = genesis.group;
  const snapshot = {
    height,
    time,
    groups: groups.map((group) => ({
      group,
      members: group_members.filter((entry) => entry.group_id === group.id).map((entry) => entry.member),
    })),
    policies: group_policies,
    proposals,
    votes,
    moduleVersions: [],
  };
  await store.write(async (tx) => {
    await writeSnapshot(tx, snapshot);
    if (plan) await knowPlan(tx, plan);
    const startVersions = new ModuleVersionRows();
    for (const entry of versions) startVersions.add(entry.name, genesis.initialHeight, entry.version);
    await startVersions.flush(tx);
    // The first block names no block before it: the cursor holds no hash to check it against.
    await setCursor(tx, height, '', time);
  });
  return { height };
}
