import { useEffect, useState } from 'react';

import { getGroupPoliciesByGroup, getGroups, getProposalsByGroupPolicy } from '../../api/endpoints.ts';
import { fetchAllPages, type FetchAllOptions } from '../../api/pagination.ts';
import { groupRowId, policyRowId, proposalRowId } from '../../api/row-ids.ts';
import type { GroupInfo, GroupPolicyInfo, Proposal } from '../../api/schemas.ts';
import { compareIds } from '../../lib/chain/ids.ts';
import { metadataName } from '../../lib/text/metadata.ts';
import type { ProposalRow } from './proposal-rows.tsx';

/**
 * How the walk reads each node list: to its end but at most 1,000 pages, each row once (a list
 * read by offset can shift while the walk reads it); an abandoned walk asks for no further page.
 */
const WALK_PAGING: FetchAllOptions = { maxPages: 1000, uniqueRows: true };

export interface WalkState {
  groupsTotal: number | null;
  groupsRead: number;
  rows: ProposalRow[];
  done: boolean;
  error: unknown;
}

const START: WalkState = { groupsTotal: null, groupsRead: 0, rows: [], done: false, error: null };

const toRow = (proposal: Proposal, group: GroupInfo, policy: GroupPolicyInfo): ProposalRow => ({
  ...proposal,
  group_id: group.id,
  group_name: metadataName(group.metadata, ''),
  policy_name: metadataName(policy.metadata, ''),
});

/**
 * Without an archive, the node can only list proposals policy by policy: read every group, then,
 * newest group first and at most `cap` of them, each group's policies and their proposals. The
 * state says how far it got, so the page can show progress and offer to read further.
 */
export function useProposalWalk(endpoint: string, cap: number, attempt: number): WalkState {
  const run = `${endpoint}|${cap}|${attempt}`;
  const [state, setState] = useState<WalkState & { run: string }>({ ...START, run: '' });
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    (async () => {
      const groups = await fetchAllPages((param) => getGroups(endpoint, { param, signal, limit: 100 }), groupRowId, {
        ...WALK_PAGING,
        signal,
      });
      groups.sort((a, b) => compareIds(b.id, a.id));
      setState({ ...START, run, groupsTotal: groups.length });
      for (const group of groups.slice(0, cap)) {
        if (signal.aborted) return;
        const policies = await fetchAllPages(
          (param) => getGroupPoliciesByGroup(endpoint, group.id, { param, signal, limit: 100 }),
          policyRowId,
          { ...WALK_PAGING, signal },
        );
        const found = await Promise.all(
          policies.map(async (policy) =>
            (
              await fetchAllPages(
                (param) => getProposalsByGroupPolicy(endpoint, policy.address, { param, signal, limit: 100 }),
                proposalRowId,
                { ...WALK_PAGING, signal },
              )
            ).map((proposal) => toRow(proposal, group, policy)),
          ),
        );
        if (signal.aborted) return;
        setState((previous) => ({
          ...previous,
          groupsRead: previous.groupsRead + 1,
          rows: [...previous.rows, ...found.flat()],
        }));
      }
      setState((previous) => ({ ...previous, done: true }));
    })().catch((error: unknown) => {
      if (!signal.aborted)
        setState((previous) => ({ ...(previous.run === run ? previous : START), run, error, done: true }));
    });
    return () => controller.abort();
  }, [endpoint, cap, attempt, run]);
  return state.run === run ? state : START;
}
