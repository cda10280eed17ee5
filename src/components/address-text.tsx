import { ActionIcon, CopyButton, Group, Text } from '@mantine/core';

import { shortAddress } from '../lib/address.ts';
import { AppLink } from './app-link.tsx';

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
      {copy && (
        <CopyButton value={address} timeout={1500}>
          {({ copied, copy }) => (
            // A title, not a Tooltip: the tooltip machinery (floating-ui) would weigh more than every page's data.
            <ActionIcon
              variant="subtle"
              size="xs"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={copied ? `Copied ${address}` : `Copy address ${address}`}
              title={copied ? 'Copied' : 'Copy address'}
            >
              {copied ? (
                <span aria-hidden>✓</span>
              ) : (
                <svg
                  aria-hidden
                  width="12"
                  height="12"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <rect x="9" y="9" width="12" height="12" rx="2" />
                  <path d="M5 15V5a2 2 0 0 1 2-2h10" />
                </svg>
              )}
            </ActionIcon>
          )}
        </CopyButton>
      )}
    </Group>
  );
}
