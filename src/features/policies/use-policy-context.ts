import { useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { groupInfoQuery, policyInfoQuery } from '../../hooks/shared-queries.ts';
import { policyQueries } from './queries.ts';

/**
 * A policy, its proposals, and its group once the policy says which: the group's name, and the
 * total weight a percentage policy's pass line is measured against. A null address reads nothing.
 */
export function usePolicyContext(endpoint: string, address: string | null) {
  const info = useQuery(policyInfoQuery(endpoint, address));
  const proposals = useInfiniteQuery(policyQueries.proposals(endpoint, address));
  const group = useQuery(groupInfoQuery(endpoint, info.data?.group_id ?? null));
  return { info, proposals, group };
}

export type PolicyContext = ReturnType<typeof usePolicyContext>;
