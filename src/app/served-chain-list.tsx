import { Button, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

import type { ServedChain } from '../lib/chain/served-chains.ts';

/**
 * The chains this server serves, by name: one press reads one (after the same check as a typed
 * endpoint). The chain read now is marked, not offered again.
 */
export function ServedChainList({
  chains,
  current,
  disabled,
  pick,
  verdict,
}: {
  chains: ServedChain[];
  current: string;
  disabled: boolean;
  pick: (path: string) => void;
  /** What the check of a picked chain found, shown under that chain's button. */
  verdict: { path: string; shown: ReactNode } | null;
}) {
  return (
    <Stack gap={4} role="group" aria-label="Chains this server serves">
      <Text fz="sm" fw={500}>
        Chains this server serves
      </Text>
      {chains.map((chain) => {
        const reading = chain.path === current;
        return (
          <Fragment key={chain.path}>
            <Button
              size="xs"
              variant={reading ? 'filled' : 'light'}
              disabled={disabled || reading}
              onClick={() => pick(chain.path)}
              justify="space-between"
              rightSection={
                <Text span fz="xs" c={reading ? undefined : 'dimmed'} ff="monospace">
                  {chain.chainId ?? chain.path}
                </Text>
              }
              data-testid={`served-chain-${chain.name}`}
            >
              {chain.prettyName}
              {reading && ' (reading now)'}
            </Button>
            <div aria-live="polite">{verdict?.path === chain.path && verdict.shown}</div>
          </Fragment>
        );
      })}
    </Stack>
  );
}
