import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { PolicyList } from './policy-list.tsx';
import { policyQueries } from './queries.ts';

/** The policies an address administers; `group` names each policy's group (the page supplies it). */
export function AdminPolicies({
  endpoint,
  admin,
  group,
}: {
  endpoint: string;
  admin: string;
  group: (groupId: string) => ReactNode;
}) {
  const query = useInfiniteQuery(policyQueries.byAdmin(endpoint, admin));
  return <PolicyList label="Policies as admin" query={query} empty="Admin of no group policy." group={group} />;
}
