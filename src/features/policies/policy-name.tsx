import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { AppLink } from '../../components/page/app-link.tsx';
import { policyInfoQuery } from '../../hooks/shared-queries.ts';
import { useMetadataName } from '../../hooks/use-ipfs-document.ts';
import { shortAddress } from '../../lib/chain/short-address.ts';

/** A policy's name (from its metadata) beside its shortened address, linked to its page. */
export function PolicyName({ endpoint, address }: { endpoint: string; address: string }) {
  const policy = useQuery({ ...policyInfoQuery(endpoint, address), staleTime: 60_000 });
  // A document its metadata links to names it only if already read (it is shown in lists too).
  const name = useMetadataName(policy.data?.metadata, '', { read: 'cache' });
  return (
    <AppLink to={`/policies/${address}`} title={address}>
      {name ? `${name} · ` : ''}
      <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{shortAddress(address)}</span>
      {policy.isError && !policy.data && (
        <Text span c="dimmed" fz="sm" title={policy.error.message}>
          {' '}
          (name unavailable)
        </Text>
      )}
    </AppLink>
  );
}
