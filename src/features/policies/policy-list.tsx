import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

import type { Page } from '../../api/pagination.ts';
import { policyRowId } from '../../api/row-ids.ts';
import type { GroupPolicyInfo } from '../../api/schemas.ts';
import { AddressText } from '../../components/address-text.tsx';
import { AppLink } from '../../components/app-link.tsx';
import { InfiniteList } from '../../components/infinite-list.tsx';
import { metadataName } from '../../components/metadata-text.tsx';
import { briefPolicy, readPolicy } from '../../domain/decision-policies.ts';

type Query = UseInfiniteQueryResult<InfiniteData<Page<GroupPolicyInfo>, unknown>>;

export function PolicyList({ query, empty, label }: { query: Query; empty: string; label: string }) {
  return (
    <InfiniteList
      label={label}
      query={query}
      identity={policyRowId}
      noun="policies"
      empty={empty}
      rowHeight={52}
      columns={[
        { label: 'Policy', width: '1.4fr' },
        { label: 'Address', width: '1.4fr' },
        { label: 'Decision', width: '2fr' },
        { label: 'Group', width: '70px' },
        { label: 'Version', width: '70px' },
      ]}
      renderRow={(policy) => [
        <AppLink to={`/policies/${policy.address}`} key="n">
          {metadataName(policy.metadata, policy.metadata && policy.metadata.length < 40 ? policy.metadata : 'Policy')}
        </AppLink>,
        <AddressText address={policy.address} to={`/policies/${policy.address}`} key="a" />,
        <span key="d">{briefPolicy(readPolicy(policy.decision_policy))}</span>,
        <AppLink to={`/groups/${policy.group_id}`} key="g">
          #{policy.group_id}
        </AppLink>,
        <span key="v">{policy.version}</span>,
      ]}
    />
  );
}
