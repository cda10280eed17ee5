import { Anchor, Text } from '@mantine/core';

import { useIpfsGateway } from '../../hooks/use-ipfs-gateway.ts';
import { gatewayUrl } from '../../lib/chain/ipfs.ts';
import { ChainLabel, OnChainText } from '../text/on-chain-text.tsx';

/**
 * A link written on chain: opened in a new tab that cannot reach back into this page. An ipfs://
 * link opens only through the reader's gateway; `quiet` leaves out the note saying so, for a
 * place that explains it itself.
 */
export function ChainLink({ href, quiet = false }: { href: string; quiet?: boolean }) {
  const gateway = useIpfsGateway();
  const ipfs = href.startsWith('ipfs:');
  const viaGateway = gatewayUrl(href, gateway);
  const target = viaGateway ?? (ipfs ? null : href);
  const note = !ipfs
    ? ''
    : viaGateway
      ? '(through your IPFS gateway)'
      : gateway
        ? '(not an ipfs://CID/path link Polity opens)'
        : quiet
          ? ''
          : '(set an IPFS gateway under Chain to open it)';
  return (
    <Text span fz="sm" style={{ overflowWrap: 'anywhere' }}>
      {target ? (
        // Cut without a "Show all" button: a button inside a link would be both at once.
        <Anchor href={target} title={href} target="_blank" rel="noopener noreferrer nofollow" fz="sm">
          <ChainLabel value={href} max={200} />
        </Anchor>
      ) : (
        <OnChainText value={href} max={200} />
      )}
      {note && (
        <Text span fz="xs" c="dimmed">
          {' '}
          {note}
        </Text>
      )}
    </Text>
  );
}
