import { Button, Stack, Text } from '@mantine/core';

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
}: {
  chains: ServedChain[];
  current: string;
  disabled: boolean;
  pick: (path: string) => void;
}) {
  return (
    <Stack gap={4} role="group" aria-label="Chains this server serves">
      <Text fz="sm" fw={500}>
        Chains this server serves
      </Text>
      {chains.map((chain) => {
        const reading = chain.path === current;
        return (
          <Button
            key={chain.path}
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
        );
      })}
    </Stack>
  );
}
