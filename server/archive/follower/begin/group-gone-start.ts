import type { NodePlan } from '../../node-records.ts';
import type { RestReader } from '../../source/rest-reader.ts';
import { listsGroup } from '../../vocabulary.ts';
import type { GapPlan, StartPoint } from './start-point.ts';

// An archive begun after its chain dropped x/group at an upgrade. The node's software then serves
// no group query at any height, so the state before the upgrade cannot be read: the archive begins
// at the state of the upgrade's own height (which has no group left to read) and takes what the
// blocks before it prove from their transactions and events, as it does for blocks whose state
// was pruned. The module versions either side and the upgrade applied there say when x/group left.

type StateStart = Extract<StartPoint, { kind: 'state' }>;

/** Where x/group left: the first height whose module versions no longer list it. */
export interface GroupDeparture {
  height: bigint;
  /** The module versions at the height before, which still listed group. */
  versionsBefore: { name: string; version: string }[];
  /** The plan applied at that height, where the state before it still names it. */
  plan: NodePlan | null;
}

const listsGroupAt = async (rest: RestReader, height: bigint) => listsGroup(await rest.moduleVersions(height));

/** The lowest height in (low, high] whose module versions do not list group, where `low`'s do and `high`'s do not. */
async function departureHeight(rest: RestReader, low: bigint, high: bigint): Promise<bigint> {
  let [listed, unlisted] = [low, high];
  while (unlisted - listed > 1n) {
    const middle = (listed + unlisted) / 2n;
    if (await listsGroupAt(rest, middle)) listed = middle;
    else unlisted = middle;
  }
  return unlisted;
}

export const groupGoneReason = (from: bigint, to: bigint, departure: GroupDeparture) =>
  `blocks ${from}-${to} are on the node, but the software it runs no longer has x/group (${
    departure.plan ? `the upgrade ${departure.plan.name}` : 'an upgrade'
  } removed it at height ${departure.height}) and answers none of its queries, at any height: their votes, submissions, executions, withdrawals, prunes and the membership changes their messages show were taken from their transactions and events, but groups, policies, decisions at voting end and vote weights, read from state, are not confirmed`;

/**
 * The start of an archive whose node serves no x/group query: unchanged where the start's state
 * has no x/group anyway; else moved to the height where the module left, the blocks from the
 * start up to it read for their events. A refusal, in words, for a node that answers 501 while
 * its module versions still list group (it serves nothing an archive could keep).
 */
export async function startWithoutGroupService(
  rest: RestReader,
  start: StateStart,
  latest: bigint,
): Promise<{ start: StateStart; departure: GroupDeparture | null } | { problem: string }> {
  if (!(await listsGroupAt(rest, start.height))) return { start, departure: null };
  if (await listsGroupAt(rest, latest))
    return {
      problem: `the node answers 501 (not implemented) to x/group's queries although its module versions at its latest block ${latest} list group: it serves no group state to archive`,
    };
  const height = await departureHeight(rest, start.height, latest);
  const [versionsBefore, planBefore] = await Promise.all([
    rest.moduleVersions(height - 1n),
    rest.currentPlan(height - 1n),
  ]);
  const plan = planBefore && BigInt(planBefore.height) === height ? planBefore : null;
  const departure: GroupDeparture = { height, versionsBefore, plan };
  const from = start.prunedBlocks?.from ?? start.height;
  const gaps: GapPlan[] = start.gaps.filter((gap) => gap.to < from);
  gaps.push({ from, to: height - 1n, reason: groupGoneReason(from, height - 1n, departure) });
  return { start: { kind: 'state', height, gaps, prunedBlocks: { from, to: height - 1n } }, departure };
}
