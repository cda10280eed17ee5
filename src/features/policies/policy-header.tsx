import type { ReactNode } from 'react';

import { AppLink } from '../../components/page/app-link.tsx';
import { PageTitle } from '../../components/page/page-title.tsx';
import { ErrorState, LoadingBlock, LookupFailed, StaleNote } from '../../components/states/query-states.tsx';
import { AddressText } from '../../components/values/address-text.tsx';
import { useMetadataName } from '../../hooks/use-ipfs-document.ts';
import { shortAddress } from '../../lib/chain/short-address.ts';
import { labelText } from '../../lib/text/hostile-text.ts';
import type { PolicyContext } from './use-policy-context.ts';

/**
 * The top of a policy's page: its name (with `actions` beside it) and address, then whatever could
 * not be read, with a retry.
 */
export function PolicyHeader({
  address,
  context,
  actions,
}: {
  address: string;
  context: PolicyContext;
  actions?: ReactNode;
}) {
  const { info, group } = context;
  const policy = info.data;
  const name = useMetadataName(policy?.metadata, '');
  return (
    <>
      <PageTitle
        kicker="Group policy"
        title={name || 'Group policy'}
        docTitle={`${name ? `${labelText(name, 60)} ` : ''}Policy ${shortAddress(address)}`}
        right={actions}
      />
      <AddressText address={address} full />
      {info.isPending && <LoadingBlock label="Loading policy" />}
      {info.isError && !policy && (
        <ErrorState
          error={info.error}
          onRetry={() => void info.refetch()}
          what="Policy"
          notFound={
            <>
              This address is not a group policy on this chain.{' '}
              <AppLink to={`/voters/${address}`}>See it as a voter or admin instead.</AppLink>
            </>
          }
        />
      )}
      {info.isError && policy && <StaleNote error={info.error} onRetry={() => void info.refetch()} />}
      {policy && group.isError && !group.data && (
        <LookupFailed
          what={`Group #${policy.group_id}`}
          waiting="The group's name and total weight (what a percentage policy's pass line is measured against) wait for it."
          error={group.error}
          onRetry={() => void group.refetch()}
        />
      )}
    </>
  );
}
