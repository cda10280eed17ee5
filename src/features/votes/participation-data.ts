import { queryOptions } from '@tanstack/react-query';

import { getArchivedProposals, getGroupHistory, getVoterRecord, type GroupEvent } from '../../api/archive.ts';
import { getGroupsByMember } from '../../api/endpoints.ts';
import { archivedVoteQueries } from './archive-queries.ts';

export const MAX_GROUPS = 20;

/** Heights at which an address was a member: [from, to) intervals, to null while still one. */
export function membership(events: GroupEvent[], address: string) {
  const mine = [...events]
    .filter((event) => event.address === address && event.height !== null)
    .sort((a, b) => (BigInt(a.height!) < BigInt(b.height!) ? -1 : 1));
  const spans: { from: bigint; to: bigint | null }[] = [];
  const weights: { height: string; weight: string }[] = [];
  for (const event of mine) {
    const height = BigInt(event.height!);
    if (event.kind === 'member_added' || event.kind === 'member_known') spans.push({ from: height, to: null });
    if (event.kind === 'member_removed' && spans.length > 0) spans[spans.length - 1].to = height;
    if (event.new_value !== null && event.kind !== 'member_removed')
      weights.push({ height: event.height!, weight: event.new_value });
  }
  return { spans, weights };
}

/** Every page of one archive list, read in one go (bounded) for a summary. */
async function allRows<T>(read: (key: string | null) => Promise<{ rows: T[]; next: string | null }>) {
  const rows: T[] = [];
  let key: string | null = null;
  for (let page = 0; page < 20; page++) {
    const answer = await read(key);
    rows.push(...answer.rows);
    if (!answer.next) break;
    key = answer.next;
  }
  return rows;
}

const page = <T>(p: { rows: T[]; pagination: { next_key: string | null } }) => ({
  rows: p.rows,
  next: p.pagination.next_key,
});

/** What the voter page's participation table reads: the address's groups, its votes, each group's record. */
export const participationQueries = {
  groups: (endpoint: string, address: string) =>
    queryOptions({
      queryKey: [...archivedVoteQueries.all(endpoint), 'participation', address, 'groups'],
      queryFn: ({ signal }) => getGroupsByMember(endpoint, address, { param: null, limit: MAX_GROUPS, signal }),
    }),
  votes: (endpoint: string, address: string) =>
    queryOptions({
      queryKey: [...archivedVoteQueries.all(endpoint), 'participation', address, 'votes'],
      queryFn: ({ signal }) =>
        allRows((key) =>
          getVoterRecord(endpoint, address, {}, { param: key ? { key } : null, limit: 1000, signal }).then(page),
        ),
    }),
  group: (endpoint: string, address: string, groupId: string) =>
    queryOptions({
      queryKey: [...archivedVoteQueries.all(endpoint), 'participation', address, 'group', groupId],
      queryFn: async ({ signal }) => {
        const [events, proposals] = await Promise.all([
          allRows((key) =>
            getGroupHistory(endpoint, groupId, { param: key ? { key } : null, limit: 1000, signal }).then(page),
          ),
          allRows((key) =>
            getArchivedProposals(
              endpoint,
              { group_id: groupId },
              { param: key ? { key } : null, limit: 1000, signal },
            ).then(page),
          ),
        ]);
        const { spans, weights } = membership(events, address);
        const eligible = proposals.filter((proposal) => {
          const at = BigInt(proposal.known_from_height ?? '0');
          return spans.some((span) => span.from <= at && (span.to === null || at < span.to));
        });
        return { eligible: eligible.map((proposal) => proposal.id), weights };
      },
    }),
};
