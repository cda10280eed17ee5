import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { AppLink } from '../../components/app-link.tsx';
import { policyInfoQuery } from '../../hooks/shared-queries.ts';
import { shortAddress } from '../../lib/address.ts';
import { metadataName } from '../../lib/metadata.ts';

/** A policy's name (from its metadata) beside its shortened address, linked to its page. */
export function PolicyName({ endpoint, address }: { endpoint: string; address: string }) {
  const policy = useQuery({ ...policyInfoQuery(endpoint, address), staleTime: 60_000 });
  const name = policy.data ? metadataName(policy.data.metadata, '') : '';
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
