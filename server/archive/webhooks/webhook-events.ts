import { createHash } from 'node:crypto';

import { chainJson, chainLabel, type ArchiveChainName } from '../chain-name.ts';
import type { GroupFact, PlanState, StoredFacts, TimelineFact, VoteFact } from '../store/views/webhook-facts.ts';
import type { NewOutboxEvent } from '../store/webhooks/webhook-outbox.ts';
import { isTallied } from '../vocabulary.ts';
import { chatSafe, quoted, shortAddress, word } from './chat-text.ts';

// The archive's facts as webhook events: each with a stable id (the same event always gets the
// same one), an ordering key (a proposal's events, votes included, go out in order), the
// structured event and a line of text a chat tool can post as it is.

/** An event before it is serialised: `describes` names it uniquely within its chain. */
interface Draft {
  describes: string;
  orderingKey: string;
  height: bigint;
  /** Order within a height: submitted, votes, decided, executed, pruned. */
  rank: number;
  tiebreak: string;
  type: string;
  time: string | null;
  fields: Record<string, unknown>;
  text: string;
}

const RANK = { submitted: 1, vote: 2, decided: 3, executed: 4, pruned: 5, group: 6, plan: 7 };

/** Final statuses a proposal reaches, as event types. */
const OUTCOMES: Record<string, string> = {
  PROPOSAL_STATUS_ACCEPTED: 'proposal.accepted',
  PROPOSAL_STATUS_REJECTED: 'proposal.rejected',
  PROPOSAL_STATUS_WITHDRAWN: 'proposal.withdrawn',
  PROPOSAL_STATUS_ABORTED: 'proposal.aborted',
};

const GROUP_TYPES: Record<string, string> = {
  created: 'group.created',
  member_added: 'group.member_added',
  member_removed: 'group.member_removed',
  weight_changed: 'group.member_weight_changed',
  admin_changed: 'group.admin_changed',
  metadata_changed: 'group.metadata_changed',
};

/** An exec of a proposal not (yet) accepted runs nothing: the chain says NOT_RUN. */
const EXECUTION_TEXT: Record<string, string> = {
  PROPOSAL_EXECUTOR_RESULT_SUCCESS: 'executed',
  PROPOSAL_EXECUTOR_RESULT_FAILURE: 'execution failed',
  PROPOSAL_EXECUTOR_RESULT_NOT_RUN: 'execution tried: not run',
};

/** Stored JSON (a tally, an execution's result); kept as text if it is not JSON, so one odd fact cannot stop every event after it. */
function parsed(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

function tallyText(json: string | null): string {
  const tally = parsed(json);
  if (typeof tally !== 'object' || tally === null || !('yes_count' in tally)) return '';
  const count = (name: string) => chatSafe(String((tally as Record<string, unknown>)[name] ?? '0'), 40);
  return ` (yes ${count('yes_count')}, no ${count('no_count')}, abstain ${count('abstain_count')}, veto ${count('no_with_veto_count')})`;
}

const proposalOf = (fact: TimelineFact | VoteFact) => ({
  id: fact.proposalId,
  title: fact.title,
  group_id: fact.groupId,
});

function timelineDrafts(fact: TimelineFact): Draft[] {
  const base = {
    orderingKey: `proposal:${fact.proposalId}`,
    height: BigInt(fact.height),
    tiebreak: String(fact.seq).padStart(3, '0'),
    time: fact.time,
  };
  const about = `Proposal ${fact.proposalId} ${quoted(fact.title)}`;
  const decided = (type: string, describes: string, tally: string | null): Draft => ({
    ...base,
    describes,
    rank: RANK.decided,
    type,
    fields: {
      proposal: { ...proposalOf(fact), status: fact.status },
      ...(isTallied(fact.status ?? '') ? { final_tally: parsed(tally) } : {}),
    },
    text: `${about} ${word(fact.status ?? '')}${isTallied(fact.status ?? '') ? tallyText(tally) : ''}`,
  });
  const at = `${fact.proposalId}/${fact.height}`;
  if (fact.kind === 'submitted')
    return [
      {
        ...base,
        describes: `proposal/${at}/submitted`,
        rank: RANK.submitted,
        type: 'proposal.submitted',
        fields: { proposal: { ...proposalOf(fact), group_policy_address: fact.policyAddress } },
        text: `${about} submitted in group ${chatSafe(fact.groupId, 24)}`,
      },
    ];
  if (fact.kind === 'voting_ended' || fact.kind === 'status') {
    const type = OUTCOMES[fact.status ?? ''];
    const tally = fact.kind === 'voting_ended' ? fact.detail : fact.finalTally;
    return type ? [decided(type, `proposal/${at}/${fact.kind}`, tally)] : [];
  }
  if (fact.kind === 'executed') {
    const stored = parsed(fact.detail);
    const detail =
      typeof stored === 'object' && stored !== null ? (stored as { result?: unknown; logs?: unknown }) : {};
    const result = typeof detail.result === 'string' ? detail.result : '';
    return [
      {
        ...base,
        describes: `proposal/${at}/executed`,
        rank: RANK.executed,
        type: 'proposal.executed',
        fields: { proposal: proposalOf(fact), result, logs: typeof detail.logs === 'string' ? detail.logs : '' },
        text: `${about} ${EXECUTION_TEXT[result] ?? `executed: ${word(result)}`}`,
      },
    ];
  }
  if (fact.kind !== 'pruned') return [];
  // Executed and pruned in one transaction, the node never showed the decision: the prune says it.
  const implied = OUTCOMES[fact.status ?? ''];
  const decision =
    implied && !fact.statusRecorded ? [decided(implied, `proposal/${at}/decided-by-prune`, fact.detail)] : [];
  return [
    ...decision,
    {
      ...base,
      describes: `proposal/${at}/pruned`,
      rank: RANK.pruned,
      type: 'proposal.pruned',
      fields: { proposal: { ...proposalOf(fact), status: fact.status } },
      text: `${about} pruned from the chain (kept in the archive)`,
    },
  ];
}

const voteDraft = (fact: VoteFact): Draft => ({
  describes: `vote/${fact.proposalId}/${fact.voter}`,
  orderingKey: `proposal:${fact.proposalId}`,
  height: BigInt(fact.height),
  rank: RANK.vote,
  tiebreak: fact.voter,
  type: 'vote.cast',
  time: fact.time,
  fields: { proposal: proposalOf(fact), vote: { voter: fact.voter, option: fact.option, metadata: fact.metadata } },
  text: `${shortAddress(fact.voter)} voted ${word(fact.option)} on proposal ${fact.proposalId} ${quoted(fact.title)}`,
});

function groupDraft(fact: GroupFact): Draft[] {
  const type = GROUP_TYPES[fact.kind];
  if (!type) return [];
  const group = `Group ${fact.groupId}${fact.groupName === '' ? '' : ` ${quoted(fact.groupName, 40)}`}`;
  const member = fact.address === null ? '' : shortAddress(fact.address);
  const value = (text: string | null) => chatSafe(text ?? '', 40);
  const texts: Record<string, string> = {
    created: `${group} created`,
    member_added: `${group}: ${member} joined with weight ${value(fact.newValue)}`,
    member_removed: `${group}: ${member} left (weight was ${value(fact.oldValue)})`,
    weight_changed: `${group}: ${member}'s weight ${value(fact.oldValue)} → ${value(fact.newValue)}`,
    admin_changed: `${group}: admin is now ${shortAddress(fact.newValue ?? '')}`,
    metadata_changed: `${group}: metadata changed`,
  };
  return [
    {
      describes: `group/${fact.groupId}/${fact.height}/${fact.seq}`,
      orderingKey: `group:${fact.groupId}`,
      height: BigInt(fact.height),
      rank: RANK.group,
      tiebreak: String(fact.seq).padStart(6, '0'),
      type,
      time: fact.time,
      fields: {
        group: { id: fact.groupId, name: fact.groupName },
        change: { address: fact.address, old_value: fact.oldValue, new_value: fact.newValue },
      },
      text: texts[fact.kind],
    },
  ];
}

/** What changed in the plans since they were last seen: scheduled, cancelled (or replaced), applied. */
function planDrafts(before: readonly PlanState[], now: readonly PlanState[]): Draft[] {
  const seen = new Map(before.map((plan) => [plan.name, plan]));
  const drafts: Draft[] = [];
  for (const plan of now) {
    const earlier = seen.get(plan.name);
    const name = quoted(plan.name, 60);
    const upgrade = {
      name: plan.name,
      height: plan.height,
      info: plan.info,
      scheduled_by: plan.scheduledBy,
      cancelled_by: plan.cancelledBy,
      applied_time: plan.appliedTime,
    };
    const add = (step: string, at: string | null, was: string | null, order: number, text: string) => {
      if (at === null || at === was) return;
      drafts.push({
        describes: `upgrade/${plan.name}/${step}/${at}`,
        orderingKey: 'upgrades',
        height: BigInt(at),
        rank: RANK.plan,
        tiebreak: `${order}/${plan.name}`,
        type: `upgrade.${step}`,
        time: step === 'applied' ? plan.appliedTime : null,
        fields: { upgrade },
        text,
      });
    };
    const was = {
      cancelled: earlier?.cancelledHeight ?? null,
      scheduled: earlier?.scheduledHeight ?? null,
      applied: earlier?.appliedHeight ?? null,
    };
    add('cancelled', plan.cancelledHeight, was.cancelled, 0, `Upgrade ${name} cancelled`);
    const at = chatSafe(plan.height, 24);
    add('scheduled', plan.scheduledHeight, was.scheduled, 1, `Upgrade ${name} scheduled for height ${at}`);
    add('applied', plan.appliedHeight, was.applied, 2, `Upgrade ${name} applied at height ${plan.appliedHeight}`);
  }
  return drafts;
}

/** Sorted as they happened: by height, then submitted, votes, decided, executed, pruned. */
function happenedBefore(left: Draft, right: Draft): number {
  if (left.height !== right.height) return left.height < right.height ? -1 : 1;
  if (left.rank !== right.rank) return left.rank - right.rank;
  if (left.orderingKey !== right.orderingKey) return left.orderingKey < right.orderingKey ? -1 : 1;
  return left.tiebreak < right.tiebreak ? -1 : left.tiebreak > right.tiebreak ? 1 : 0;
}

/** A stable id: hex, so it fits a header whatever the names it is made of hold. */
export const eventId = (chainId: string, describes: string) =>
  createHash('sha256').update(`${chainId}\n${describes}`).digest('hex').slice(0, 40);

/**
 * The events a stretch of stored facts makes, in the order they happened, each naming `chain`
 * (a receiver of several chains' events tells them apart by name, not only by chain id).
 */
export function eventsOf(facts: StoredFacts, chain: ArchiveChainName): NewOutboxEvent[] {
  const drafts = [
    ...facts.timeline.flatMap(timelineDrafts),
    ...facts.votes.map(voteDraft),
    ...facts.groupChanges.flatMap(groupDraft),
    ...planDrafts(facts.plansBefore, facts.plansNow),
  ].sort(happenedBefore);
  // The chain id comes from the node: as safe in a chat line as any on-chain text.
  const label = chatSafe(chainLabel(chain, chatSafe(facts.chainId, 40)), 80);
  return drafts.map((draft) => {
    const id = eventId(facts.chainId, draft.describes);
    const event = {
      id,
      type: draft.type,
      chain_id: facts.chainId,
      chain: chainJson(chain, facts.chainId),
      height: String(draft.height),
      time: draft.time,
      ...draft.fields,
    };
    return {
      id,
      orderingKey: draft.orderingKey,
      height: draft.height,
      body: JSON.stringify({ event, text: `[${label}] ${draft.text}` }),
    };
  });
}
