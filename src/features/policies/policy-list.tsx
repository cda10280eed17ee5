import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import type { Page } from '../../api/pagination.ts';
import { policyRowId } from '../../api/row-ids.ts';
import type { GroupPolicyInfo } from '../../api/schemas.ts';
import { InfiniteList, type ListColumn } from '../../components/lists/infinite-list.tsx';
import { AppLink } from '../../components/page/app-link.tsx';
import { briefPolicy, readPolicy } from '../../domain/decision-policies.ts';
import { shortAddress } from '../../lib/chain/short-address.ts';
import { metadataName } from '../../lib/text/metadata.ts';

type Query = UseInfiniteQueryResult<InfiniteData<Page<GroupPolicyInfo>, unknown>>;

const policyName = (policy: GroupPolicyInfo) => metadataName(policy.metadata, 'Policy');

/**
 * Policies with their name and address in one link (one tab stop per row) and their rule in
 * words. `group` renders the group column (its name beside its id); leave it out where every
 * row is of the same group.
 */
export function PolicyList({
  query,
  empty,
  label,
  group,
}: {
  query: Query;
  empty: string;
  label: string;
  group?: (groupId: string) => ReactNode;
}) {
  const columns: ListColumn<GroupPolicyInfo>[] = [
    {
      label: 'Policy',
      width: 'minmax(180px, 1.6fr)',
      cell: (policy) => (
        <AppLink to={`/policies/${policy.address}`} title={policy.address}>
          {policyName(policy)}{' '}
          <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{shortAddress(policy.address)}</span>
        </AppLink>
      ),
    },
    {
      label: 'Decision',
      width: 'minmax(140px, 2fr)',
      cell: (policy) => briefPolicy(readPolicy(policy.decision_policy)),
    },
    ...(group
      ? [{ label: 'Group', width: 'minmax(120px, 1fr)', cell: (policy: GroupPolicyInfo) => group(policy.group_id) }]
      : []),
    { label: 'Version', width: '70px', cell: (policy) => policy.version },
  ];
  return (
    <InfiniteList label={label} query={query} identity={policyRowId} noun="policies" empty={empty} columns={columns} />
  );
}
