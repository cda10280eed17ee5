import type { ActivityIndex } from '../../source/activity-index.ts';
import type { RestReader } from '../../source/rest-reader.ts';
import type { RpcReader } from '../../source/rpc-reader.ts';
import type { NodeGenesis } from '../../source/trust/genesis-reader.ts';
import type { ArchiveStore, StoreTransaction } from '../../store/archive-store.ts';
import { BatchRows } from '../../store/batch-rows.ts';
import { recordGap, setCursor, setMetaValue } from '../../store/cursor/cursor-writes.ts';
import { writeRebuiltGroups } from '../../store/groups/group-writes.ts';
import { writePolicies } from '../../store/policies/policy-writes.ts';
import { knowPlan, PlanChangeRows } from '../../store/upgrades/upgrade-writes.ts';
import { listsGroup, VOTES_KEPT_STATUSES } from '../../vocabulary.ts';
import { refuseUnlessVouched } from '../lane/chain-guard.ts';
import { decodeBlock } from '../tip/decode-block.ts';
import { readEventHistory, type HistoryBlock } from './event-history.ts';
import type { GroupDeparture } from './group-gone-start.ts';
import { rebuildGroups, type RebuiltRecords } from './group-rebuild.ts';
import type { GapPlan } from './start-point.ts';
import { voteKey, writeSnapshot, type StateSnapshot } from './state-snapshot.ts';
import { writeEventHistory } from './write-event-history.ts';

/** How the blocks below the first kept state are read: the node's index, blocks in flight, progress. */
export interface HistoryReading {
  index: ActivityIndex;
  inFlight?: number;
  log: (line: string) => void;
  /** The start block's hash as the light client verified it: the block read must be that one. */
  vouched?: string | null;
  /** The chain's genesis, read only when x/group's state is gone and the blocks begin where the chain does. */
  genesis?: () => Promise<NodeGenesis | null>;
}

/**
 * First start of an archive at a height of a chain whose history began before it: the whole
 * state pinned at that height (every group, member, policy, proposal and stored vote, the
 * scheduled plan and module versions), everything marked as known from that height on, and the
 * heights before it recorded as gaps, each with why. Blocks the node keeps below a pruned state
 * (`prunedBlocks`) are read for what their events prove, written first in the same transaction.
 */
export async function bootstrap(
  store: ArchiveStore,
  rpc: RpcReader,
  rest: RestReader,
  start: { height: bigint; gaps: readonly GapPlan[]; prunedBlocks: { from: bigint; to: bigint } | null },
  reading: HistoryReading,
  departure: GroupDeparture | null = null,
): Promise<bigint> {
  const height = start.height;
  const blockRead = rpc.block(height);
  const prunedBlocks = start.prunedBlocks;
  const historyRead: Promise<HistoryBlock[]> = prunedBlocks
    ? blockRead.then((block) => readEventHistory(rpc, reading.index, prunedBlocks, block, reading))
    : Promise.resolve([]);
  // Awaited below, after the state's reads: a failure of either must not go unhandled meanwhile.
  historyRead.catch(() => undefined);
  // Only what depends on an earlier answer waits for it: members, and the policies with their
  // proposals and votes, are read side by side, with the block, the plan and the versions.
  const groupsRead = rest.groups(height);
  groupsRead.catch(() => undefined);
  const [block, plan, versions] = await Promise.all([blockRead, rest.currentPlan(height), rest.moduleVersions(height)]);
  refuseUnlessVouched(block, reading.vouched);
  // A chain whose module versions no longer list x/group (an upgrade removed it) has no group
  // state to take: its routes answer 501, which is no fault. (An empty list is not a version map.)
  const hasGroup = versions.length === 0 || listsGroup(versions);
  const groups = hasGroup ? await groupsRead : [];
  const readPolicies = async () => {
    const policies = (await Promise.all(groups.map((group) => rest.policiesOf(group.id, height)))).flat();
    const proposals = (await Promise.all(policies.map((policy) => rest.proposalsOf(policy.address, height)))).flat();
    const votes = (
      await Promise.all(
        proposals
          .filter((proposal) => (VOTES_KEPT_STATUSES as readonly string[]).includes(proposal.status))
          .map((proposal) => rest.votesOf(proposal.id, height)),
      )
    ).flat();
    return { policies, proposals, votes };
  };
  const [members, { policies, proposals, votes }] = await Promise.all([
    Promise.all(groups.map((group) => rest.members(group.id, height))),
    readPolicies(),
  ]);
  const snapshot: StateSnapshot = {
    height,
    time: block.time,
    groups: groups.map((group, index) => ({ group, members: members[index] })),
    policies,
    proposals,
    votes,
    moduleVersions: versions,
    voteTransactions: new Map(
      decodeBlock(block).votes.map((vote) => [voteKey(vote.proposalId, vote.voter), vote.txHash]),
    ),
  };
  const history = await historyRead;
  // No group state to read: the groups and policies the blocks created are rebuilt from them, on
  // the genesis's where the blocks begin with the chain.
  const genesis = !hasGroup && prunedBlocks ? await reading.genesis?.() : null;
  const from = genesis && genesis.initialHeight === prunedBlocks?.from ? genesis : null;
  const rebuilt = hasGroup ? null : rebuildGroups(history, from);
  await store.write(async (tx) => {
    if (history.length > 0) {
      const keptPolicies = [...policies, ...(rebuilt?.policies.map((entry) => entry.policy) ?? [])];
      const keptGroups = [...groups, ...(rebuilt?.groups.map((entry) => entry.group) ?? [])];
      const kept = {
        height,
        proposals: new Map(proposals.map((proposal) => [proposal.id, proposal])),
        policies: new Map(keptPolicies.map((policy) => [policy.address, policy])),
        groups: new Map(keptGroups.map((group) => [group.id, group])),
      };
      await writeEventHistory(tx, history, kept);
    }
    if (rebuilt) await writeRebuilt(tx, rebuilt, height, from !== null);
    await writeSnapshot(tx, snapshot);
    if (departure) await writeDeparture(tx, departure, block.time);
    if (plan) await knowPlan(tx, plan);
    for (const gap of start.gaps) await recordGap(tx, gap.from, gap.to, gap.reason);
    await setCursor(tx, height, block.hash, block.time);
  });
  return height;
}

/** The rebuilt groups and policies, each as of its last change, and how many there are. */
async function writeRebuilt(tx: StoreTransaction, rebuilt: RebuiltRecords, height: bigint, fromGenesis: boolean) {
  await writeRebuiltGroups(tx, rebuilt.groups);
  for (const { policy, height: changed } of rebuilt.policies) await writePolicies(tx, [policy], changed);
  const counts = {
    groups: rebuilt.groups.length,
    policies: rebuilt.policies.length,
    through_height: String(height),
    from_genesis: fromGenesis,
  };
  await setMetaValue(tx, 'groups_rebuilt', JSON.stringify(counts));
}

/**
 * Where x/group left, for an archive begun after it: the module versions the height before still
 * listed, and the upgrade applied at that height, as a follower that saw it would have written them.
 */
async function writeDeparture(tx: StoreTransaction, departure: GroupDeparture, time: string): Promise<void> {
  const rows = new BatchRows();
  for (const entry of departure.versionsBefore)
    rows.moduleVersions.add(entry.name, departure.height - 1n, entry.version);
  await rows.flush(tx);
  if (!departure.plan) return;
  await knowPlan(tx, departure.plan);
  const changes = new PlanChangeRows();
  changes.applied(departure.plan.name, departure.height, time);
  await changes.flush(tx);
}
