import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

import type { Page } from '../../api/pagination.ts';
import type { GroupPolicyInfo } from '../../api/schemas.ts';
import { AddressText } from '../../components/address-text.tsx';
import { AppLink } from '../../components/app-link.tsx';
import { InfiniteList } from '../../components/infinite-list.tsx';
import { metadataName } from '../../components/metadata-text.tsx';
import { policyId } from '../groups/queries.ts';
import { policyOneLiner } from './decision-policy-summary.tsx';

type Query = UseInfiniteQueryResult<InfiniteData<Page<GroupPolicyInfo>, unknown>>;

export function PolicyList({ query, empty, label }: { query: Query; empty: string; label: string }) {
  return (
    <InfiniteList
      label={label}
      query={query}
      identity={policyId}
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
      renderRow={(p) => [
        <AppLink to={`/policies/${p.address}`} key="n">
          {metadataName(p.metadata, p.metadata && p.metadata.length < 40 ? p.metadata : 'Policy')}
        </AppLink>,
        <AddressText address={p.address} to={`/policies/${p.address}`} key="a" />,
        <span key="d">{policyOneLiner(p.decision_policy)}</span>,
        <AppLink to={`/groups/${p.group_id}`} key="g">
          #{p.group_id}
        </AppLink>,
        <span key="v">{p.version}</span>,
      ]}
    />
  );
}
