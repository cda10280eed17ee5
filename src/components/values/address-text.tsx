import { Group, Text } from '@mantine/core';

import { shortAddress } from '../../lib/chain/short-address.ts';
import { AppLink } from '../page/app-link.tsx';
import { CopyIconButton } from './copy-icon-button.tsx';

/**
 * An address, shortened for reading (its start and its tail stay), full on hover and for copying;
 * optionally a link. In list rows `copy={false}` leaves the row a single tab stop.
 */
export function AddressText({
  address,
  to,
  full = false,
  copy = true,
}: {
  address: string;
  to?: string;
  full?: boolean;
  copy?: boolean;
}) {
  const shown = full ? address : shortAddress(address);
  // A shortened address is short enough for any line: kept whole. A full one may break anywhere.
  const wrapping = shown === address ? { wordBreak: 'break-all' as const } : { whiteSpace: 'nowrap' as const };
  return (
    <Group gap={4} wrap="nowrap" component="span" style={{ display: 'inline-flex' }}>
      {to ? (
        <AppLink to={to} ff="monospace" fz="sm" title={address} style={wrapping}>
          {shown}
        </AppLink>
      ) : (
        <Text span ff="monospace" fz="sm" title={address} style={wrapping}>
          {shown}
        </Text>
      )}
      {copy && <CopyIconButton value={address} name={`address ${address}`} title="Copy address" />}
    </Group>
  );
}
