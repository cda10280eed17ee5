import { everyPage, getJson } from './polity-process.ts';

// An archive as its HTTP API tells it (every page of proposals, each one's timeline and votes,
// group histories, upgrades), cut at a height: what two archives of one chain, filled at
// different times and speeds, must agree on for every height both hold.

type Json = Record<string, unknown>;
/** What a proposal's row says that changes as the chain goes on; the rest is fixed at submission. */
const CHANGING_PROPOSAL_FIELDS = [
  'status',
  'executor_result',
  'final_tally_result',
  'on_chain',
  'pruned_height',
  'last_seen_height',
];
/** A proposal's group and policy names are their current ones: their changes are in the group histories. */
const CURRENT_NAMES = ['group_name', 'policy_name'];
const CHANGING_VOTE_FIELDS = ['weight', 'pruned_from_chain'];
/** How far each archive's prover has got is its own, not the chain's: never compared. */
const PROVER_FIELDS = ['proof'];

export interface ArchiveAtHeight {
  status: Json;
  proposals: Map<string, { proposal: Json; timeline: Json[]; votes: Json[] }>;
  groups: Map<string, Json[]>;
  plans: Json[];
  moduleVersionChanges: Json[];
}

const without = (record: Json, fields: readonly string[]) =>
  Object.fromEntries(Object.entries(record).filter(([field]) => !fields.includes(field)));

const atOrBelow = (value: unknown, height: bigint) => value !== null && BigInt(String(value)) <= height;

/** A plan as it stood at `height`: what happened to it later is not known yet. */
function planAt(plan: Json, height: bigint): Json {
  return {
    ...plan,
    applied_height: atOrBelow(plan.applied_height, height) ? plan.applied_height : null,
    applied_time: atOrBelow(plan.applied_height, height) ? plan.applied_time : null,
    cancelled_at_height: atOrBelow(plan.cancelled_at_height, height) ? plan.cancelled_at_height : null,
    cancelled_by: atOrBelow(plan.cancelled_at_height, height) ? plan.cancelled_by : null,
  };
}

/**
 * The archive at `api` (`…/polity/archive/v1`) as of `height`: what it recorded at heights up to
 * it. Group histories are read for `groupIds`.
 */
export async function readArchiveAt(
  api: string,
  height: bigint,
  groupIds: readonly string[],
): Promise<ArchiveAtHeight> {
  const status = await getJson<Json>(`${api}/status`);
  const proposals = new Map<string, { proposal: Json; timeline: Json[]; votes: Json[] }>();
  for (const listed of await everyPage<Json>(`${api}/proposals?order_by=id&order=asc`, 'proposals')) {
    if (!atOrBelow(listed.known_from_height, height)) continue;
    const id = String(listed.id);
    const { proposal, timeline } = await getJson<{ proposal: Json; timeline: Json[] }>(`${api}/proposals/${id}`);
    const votes = await everyPage<Json>(`${api}/proposals/${id}/votes?order_by=voter`, 'votes');
    proposals.set(id, {
      proposal: without(proposal, CURRENT_NAMES),
      timeline: timeline.filter((entry) => atOrBelow(entry.height, height)),
      votes: votes.filter((vote) => atOrBelow(vote.observed_height, height)),
    });
  }
  const groups = new Map<string, Json[]>();
  for (const id of groupIds) {
    const events = await everyPage<Json>(`${api}/groups/${id}/history`, 'events');
    groups.set(
      id,
      events.filter((event) => atOrBelow(event.height, height)),
    );
  }
  const upgrades = await getJson<{
    applied: Json[];
    scheduled: Json | null;
    cancelled: Json[];
    module_version_changes: Json[];
  }>(`${api}/upgrades`);
  const plans = [...upgrades.applied, ...(upgrades.scheduled ? [upgrades.scheduled] : []), ...upgrades.cancelled]
    // A plan known when the archive began has no scheduling height; one scheduled later counts from it.
    .filter((plan) => plan.scheduled_at_height === null || atOrBelow(plan.scheduled_at_height, height))
    .map((plan) => planAt(without(plan, PROVER_FIELDS), height))
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
  const moduleVersionChanges = upgrades.module_version_changes.filter((change) => atOrBelow(change.height, height));
  return {
    status: { chain_id: status.chain_id, earliest_height: status.earliest_height, gaps: status.gaps },
    proposals,
    groups,
    plans,
    moduleVersionChanges,
  };
}

/**
 * Two archives' proposals, made comparable: a proposal either one saw change after `height` is
 * compared by what was fixed at its submission, its timeline and its votes up to `height`; the
 * others (settled in both by then) by every field.
 */
export function comparableProposals(
  one: ArchiveAtHeight,
  other: ArchiveAtHeight,
  height: bigint,
): [Map<string, unknown>, Map<string, unknown>] {
  const changedLater = (archive: ArchiveAtHeight, id: string) => {
    const lastSeen = archive.proposals.get(id)?.proposal.last_seen_height;
    return lastSeen !== undefined && !atOrBelow(lastSeen, height);
  };
  const view = (archive: ArchiveAtHeight) =>
    new Map(
      [...archive.proposals].map(([id, entry]) => {
        const changed = changedLater(one, id) || changedLater(other, id);
        const proposalLeft = changed ? [...CHANGING_PROPOSAL_FIELDS, ...PROVER_FIELDS] : PROVER_FIELDS;
        const voteLeft = changed ? [...CHANGING_VOTE_FIELDS, ...PROVER_FIELDS] : PROVER_FIELDS;
        return [
          id,
          {
            proposal: without(entry.proposal, proposalLeft),
            timeline: entry.timeline,
            votes: entry.votes.map((vote) => without(vote, voteLeft)),
          },
        ];
      }),
    );
  return [view(one), view(other)];
}
