import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { getGroupMembers, getTally, getVotesByProposal } from '../../api/endpoints.ts';
import { fetchAllPages } from '../../api/pagination.ts';
import { memberRowId, voteRowId } from '../../api/row-ids.ts';
import type { GroupMember, TallyResult, Vote } from '../../api/schemas.ts';
import { recount, type Recount } from '../../domain/recount.ts';

export interface Audit {
  chain: TallyResult;
  recount: Recount;
  votes: Vote[];
  members: GroupMember[];
  /** The height the chain's tally was read at, when the server reports it. */
  height: string | null;
}

interface RecountProgress {
  votes: number;
  members: number;
}

/**
 * The auditor's recount: every stored vote and member loaded, the tally recomputed and read from
 * the chain to compare. An action the user starts (a mutation), not data a page subscribes to;
 * leaving the page abandons the requests.
 */
export function useRecount(endpoint: string, proposalId: string, groupId: string | undefined) {
  const [progress, setProgress] = useState<RecountProgress>({ votes: 0, members: 0 });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const mutation = useMutation({
    mutationFn: async (): Promise<Audit> => {
      if (groupId === undefined) throw new Error('The group of this proposal is not loaded yet.');
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const { signal } = controller;
      const votes = await fetchAllPages(
        (param) => getVotesByProposal(endpoint, proposalId, { param, limit: 1000, signal }),
        voteRowId,
        { onRows: (loaded) => setProgress((previous) => ({ ...previous, votes: loaded })) },
      );
      const members = await fetchAllPages(
        (param) => getGroupMembers(endpoint, groupId, { param, limit: 1000, signal }),
        memberRowId,
        { onRows: (loaded) => setProgress((previous) => ({ ...previous, members: loaded })) },
      );
      const chain = await getTally(endpoint, proposalId, { signal });
      return { chain: chain.tally, recount: recount(votes, members), votes, members, height: chain.height };
    },
  });
  return { ...mutation, progress };
}
