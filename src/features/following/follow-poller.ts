import { getArchivedProposal } from '../../api/archive-records.ts';
import {
  getArchivedProposals,
  getArchiveStatus,
  isArchiveAbsent,
  type ArchivedProposal,
  type ProposalFilters,
} from '../../api/archive.ts';
import { NotFoundError } from '../../api/errors.ts';
import { instant } from '../../lib/time.ts';
import {
  concernsAny,
  DECIDED_STATUSES,
  decisionsToLookUp,
  decisionTime,
  type Notified,
  type Poll,
} from './follow-events.ts';
import type { FollowedItem } from './follow-store.ts';

// One poll of one endpoint's archive for its followed items, in a few small reads: per group or
// policy, its latest submissions and its open proposals (soonest to end first); per voter, the
// latest it proposed; per proposal, its record. Proposals seen open earlier that are in none of
// these any more, and decided ones that may be news, are read one by one, with their timeline,
// which says when they were decided. Without an archive there is nothing to poll.

/** Latest submissions read per group, policy or voter: more than open between two polls. */
const LATEST = 20;
/** Open proposals read per group or policy (their deadlines). */
const OPEN = 100;
/** Proposals read one by one per poll, at most; the rest wait for the next. */
const ONE_BY_ONE = 10;

export interface EndpointPoll extends Poll {
  /** Proposals still open, whose outcome is awaited: the next poll's `open`. */
  open: string[];
}

const scopeFilters = (item: FollowedItem): ProposalFilters | null => {
  switch (item.kind) {
    case 'group':
      return { group_id: item.id };
    case 'policy':
      return { group_policy_address: item.id };
    case 'voter':
      return { proposer: item.id };
    case 'proposal':
      return null;
  }
};

/**
 * Polls one endpoint. `open` is what the last poll left open; `known` caches decision times read
 * before (timelines of decided proposals do not change). Null when the endpoint has no archive.
 */
export async function pollEndpoint(
  endpoint: string,
  items: readonly FollowedItem[],
  memory: { open: readonly string[]; notified: Notified; known: Map<string, number> },
  signal?: AbortSignal,
): Promise<EndpointPoll | null> {
  let chainNow: number;
  try {
    const status = await getArchiveStatus(endpoint, { signal });
    chainNow = instant(status.latest_block_time ?? '')?.getTime() ?? Date.now();
  } catch (error) {
    if (isArchiveAbsent(error)) return null;
    throw error;
  }
  const found = new Map<string, ArchivedProposal>();
  const keep = (proposal: ArchivedProposal) => found.set(proposal.id, proposal);
  const list = async (filters: ProposalFilters, limit: number) =>
    (await getArchivedProposals(endpoint, filters, { param: { offset: 0 }, limit, signal })).rows.forEach(keep);
  const readOne = async (id: string) => {
    const { proposal, timeline } = await getArchivedProposal(endpoint, id, { signal });
    keep(proposal);
    const decided = DECIDED_STATUSES.has(proposal.status) ? decisionTime(proposal, timeline) : null;
    if (decided !== null) memory.known.set(id, decided);
  };

  for (const item of items) {
    const filters = scopeFilters(item);
    if (filters === null) {
      if (!memory.known.has(item.id)) await readOne(item.id);
      continue;
    }
    await list({ ...filters, order_by: 'submit_time', order: 'desc' }, LATEST);
    if (item.kind !== 'voter') await list({ ...filters, voting_open: 'true', order_by: 'voting_period_end' }, OPEN);
  }
  // Seen open before and not listed open now: ended, withdrawn or aborted since. Read them. One the
  // archive no longer has (another archive behind the same address) is not awaited any more.
  const vanished = memory.open.filter((id) => found.get(id)?.status !== 'PROPOSAL_STATUS_SUBMITTED');
  const gone = new Set<string>();
  for (const id of vanished.slice(0, ONE_BY_ONE)) {
    if (memory.known.has(id)) continue;
    await readOne(id).catch((error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
      gone.add(id);
    });
  }
  const lookUp = decisionsToLookUp(items, endpoint, [...found.values()], memory.notified).filter(
    (id) => !memory.known.has(id),
  );
  for (const id of lookUp.slice(0, ONE_BY_ONE)) await readOne(id);

  const proposals = [...found.values()];
  // Awaited: those still open whose outcome is news for an item, and those left unread this time.
  const open = [
    ...memory.open.filter((id) => !found.has(id) && !gone.has(id)),
    ...proposals
      .filter((proposal) => proposal.status === 'PROPOSAL_STATUS_SUBMITTED')
      .filter((proposal) => concernsAny(items, endpoint, proposal, 'decided'))
      .map((proposal) => proposal.id),
  ];
  return { endpoint, chainNow, proposals, decidedAt: memory.known, open };
}
