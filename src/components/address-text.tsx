import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';

import { shortAddress } from '../lib/address.ts';
import { AppLink } from './app-link.tsx';

/** An address, shortened for reading, full on hover and for copying; optionally a link. */
export function AddressText({ address, to, full = false }: { address: string; to?: string; full?: boolean }) {
  const shown = full ? address : shortAddress(address);
  return (
    <Group gap={4} wrap="nowrap" component="span" style={{ display: 'inline-flex' }}>
      {to ? (
        <AppLink to={to} ff="monospace" fz="sm" title={address} style={{ wordBreak: 'break-all' }}>
          {shown}
        </AppLink>
      ) : (
        <Text span ff="monospace" fz="sm" title={address} style={{ wordBreak: 'break-all' }}>
          {shown}
        </Text>
      )}
      <CopyButton value={address} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy address'} withArrow>
            <ActionIcon
              variant="subtle"
              size="xs"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={`Copy address ${address}`}
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
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
