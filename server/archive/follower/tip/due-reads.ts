import { NodeReadError, type RestReader } from '../../source/rest-reader.ts';
import type { FetchedBlock } from '../../source/rpc-reader.ts';
import type { Plan } from '../../store/upgrades/upgrade-tables.ts';
import { listsGroup } from '../../vocabulary.ts';
import type { OpenWork } from '../lane/open-work.ts';
import type { BlockFacts } from './decode-block.ts';
import type { ForecastReads } from './due-forecast.ts';
import type { PreparedBlock } from './fetch-blocks.ts';
import type { BlockReads } from './named-reads.ts';

// A batch's blocks finished in order: what comes due at each depends on the blocks before it (the
// open proposals and scheduled plans the work list holds), so each block's own reads are awaited,
// then what no event announces is read at its height, and the work list brought up to it.

/**
 * Consecutive blocks with everything they need read; `reads` is null for a block whose state the
 * node cannot give, and `missing` says why.
 */
export type PlannedBlocks = ({ block: FetchedBlock; facts: BlockFacts } & (
  { reads: BlockReads } | { reads: null; missing: string }
))[];

/**
 * Why the node cannot give a block's state, or null for a failure asking again may mend: the
 * state was pruned, or the node's software dropped x/group (501 at every height, those before the
 * upgrade included), as one that was behind when the upgrade came finds.
 */
function stateMissing(error: unknown, height: bigint): string | null {
  if (!(error instanceof NodeReadError)) return null;
  if (error.pruned) return `state at height ${height} was pruned on the node`;
  if (error.status === 501)
    return "the node's software no longer has x/group, so the group state of these blocks cannot be read (what their transactions show was kept)";
  return null;
}

/**
 * Finishes the reads of consecutive blocks, in order (what comes due depends on the blocks
 * before), and brings the work list up to the last of them. A block whose state the node has
 * pruned is kept for a gap; a failed read ends the run there (what was read is still good) and
 * is thrown only when no block was read.
 */
export async function readBlocks(
  rest: RestReader,
  work: OpenWork,
  decoded: readonly PreparedBlock[],
  forecast: ForecastReads,
): Promise<PlannedBlocks> {
  const planned: PlannedBlocks = [];
  for (const { block, facts, reads } of decoded) {
    try {
      const read = await reads;
      if (!read.value) throw read.error;
      await readDue(work, rest, block, facts, read.value, forecast);
      notice(work, facts, read.value);
      planned.push({ block, facts, reads: read.value });
    } catch (error) {
      const missing = stateMissing(error, block.height);
      if (missing === null) {
        if (planned.length === 0) throw error;
        break;
      }
      planned.push({ block, facts, reads: null, missing });
    }
  }
  return planned;
}

/** Keeps the in-memory work list in step with what a block showed. */
function notice(work: OpenWork, facts: BlockFacts, reads: BlockReads): void {
  for (const proposal of reads.proposals.values()) if (proposal) work.saw(proposal);
  for (const fact of facts.pruned) work.gone(fact.proposalId);
  for (const upgrade of reads.applied) work.applied(upgrade.name);
  const plan = reads.plan;
  if (!plan) return;
  // One plan is scheduled at a time: any other the archive holds as scheduled was cancelled,
  // or replaced by this one.
  for (const pending of work.pendingPlans()) {
    if (pending.name === plan.current?.name) continue;
    plan.cancelled.push(pending.name);
    work.applied(pending.name);
  }
  const known = work.pendingPlans().find((pending) => pending.name === plan.current?.name);
  if (plan.current && (known?.height !== plan.current.height || known.info !== plan.current.info)) {
    plan.scheduled = plan.current;
    work.scheduled(plan.current);
  }
}

/**
 * Reads of what no event announces, which depend on the blocks before (the open proposals the
 * archive knows): proposals whose voting ended (decided at voting end) or whose policy changed
 * (aborted), and scheduled upgrades whose height came.
 */
async function readDue(
  work: OpenWork,
  rest: RestReader,
  block: FetchedBlock,
  facts: BlockFacts,
  reads: BlockReads,
  forecast: ForecastReads,
): Promise<void> {
  const height = block.height;
  // Upgrades first: one that removed x/group at this height leaves nothing of it to read here.
  const applied = await Promise.all(work.upgradesDue(height).map((plan) => readApplied(rest, plan, height)));
  for (const upgrade of applied) {
    if (!upgrade) continue;
    reads.applied.push(upgrade);
    if (removesGroup(upgrade, work)) work.groupLeft(upgrade.height);
  }
  const pruned = new Set(facts.pruned.map((fact) => fact.proposalId));
  const due = work.due(block.time, facts.policies);
  const read = (id: string) => forecast.get(`${id}@${height}`) ?? rest.proposal(id, height);
  await Promise.all(
    due
      .filter((id) => !reads.proposals.has(id))
      .map(async (id) => reads.proposals.set(id, pruned.has(id) ? null : await read(id))),
  );
  for (const id of due) reads.due.add(id);
}

/**
 * An upgrade after which module_versions no longer lists x/group, where it did before (or, where
 * the node no longer keeps the state before it, where the archive last saw it).
 */
function removesGroup(upgrade: BlockReads['applied'][number], work: OpenWork): boolean {
  if (listsGroup(upgrade.versionsAfter) || upgrade.versionsAfter.length === 0) return false;
  return upgrade.versionsBefore.length > 0 ? listsGroup(upgrade.versionsBefore) : work.groupGoneFrom === null;
}

/**
 * Where a due plan was applied, with the module versions either side. A plan is applied at its own
 * height, so the versions there are asked for beside the applied height, not after it: one round
 * trip instead of three for each upgrade (read again at the height the node names, if another).
 */
async function readApplied(rest: RestReader, plan: Plan, height: bigint) {
  const { name } = plan;
  // The versions before are kept only where the node still has that state (a pruned node may not).
  const versionsAt = (at: bigint) => {
    const read = Promise.all([rest.moduleVersions(at), rest.moduleVersions(at - 1n).catch(() => [])]);
    read.catch(() => undefined);
    return read;
  };
  // Guessed only at the plan's own height: a plan past due and not applied is asked about at
  // every block read until it is, and the guess would be two reads wasted each time.
  const guess = BigInt(plan.height) === height ? height : null;
  const guessed = guess === null ? null : versionsAt(guess);
  const appliedAt = await rest.appliedHeight(name, height);
  if (appliedAt === 0n) return null;
  const [versionsAfter, versionsBefore] = await (appliedAt === guess && guessed ? guessed : versionsAt(appliedAt));
  return { name, height: appliedAt, versionsBefore, versionsAfter };
}
