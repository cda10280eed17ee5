import { Alert, Stack, Text } from '@mantine/core';

import type { OtherChainAddress } from '../../hooks/use-address-on-chain.ts';
import { useServedChains } from '../../hooks/use-served-chains.ts';
import { AppLink } from '../page/app-link.tsx';
import { PageTitle } from '../page/page-title.tsx';

/**
 * An address written for another chain: said so, with the same key on this chain, and the page on
 * its own chain when this server serves a chain with that prefix. `page` makes the same page's path.
 */
export function WrongChainAddress({ other, page }: { other: OtherChainAddress; page: (address: string) => string }) {
  const itsChains = useServedChains().filter((chain) => chain.prefix === other.prefix);
  return (
    <Stack gap="md">
      <PageTitle title="An address of another chain" docTitle="An address of another chain" />
      <Alert color="yellow" role="alert" data-testid="wrong-chain-address">
        <Stack gap={6}>
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span ff="monospace" fz="sm">
              {other.address}
            </Text>{' '}
            is written for another chain (its addresses begin “{other.prefix}1”). This chain writes its addresses with “
            {other.expected}1”.
          </Text>
          <AppLink to={page(other.sameKeyHere)} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            The same key on this chain: {other.sameKeyHere} →
          </AppLink>
          {itsChains.map((chain) => (
            <AppLink key={chain.path} to={page(other.address)} endpoint={chain.path} fz="sm">
              This address on {chain.prettyName} →
            </AppLink>
          ))}
        </Stack>
      </Alert>
    </Stack>
  );
}
