import { Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';

import { useCurrentChain } from '../../hooks/use-served-chains.ts';
import { SAME_ORIGIN } from '../../lib/chain/endpoint.ts';
import { OnChainText } from '../text/on-chain-text.tsx';

export function PageTitle({
  title,
  kicker,
  right,
  docTitle,
}: {
  title: ReactNode;
  kicker?: ReactNode;
  right?: ReactNode;
  docTitle: string;
}) {
  const chain = useCurrentChain();
  // Another chain than this server's own is named, so two tabs on two chains differ.
  const chainName = chain && chain.path !== SAME_ORIGIN ? ` · ${chain.prettyName}` : '';
  useEffect(() => {
    document.title = `${docTitle}${chainName} · Polity`;
  }, [docTitle, chainName]);
  return (
    <Group justify="space-between" align="flex-end" mb="md" wrap="wrap">
      <Stack gap={2} style={{ minWidth: 0 }}>
        {kicker && (
          <Text fz="xs" tt="uppercase" fw={600} c="dimmed">
            {kicker}
          </Text>
        )}
        <Title order={1} fz={{ base: 22, sm: 28 }} style={{ wordBreak: 'break-word', unicodeBidi: 'isolate' }}>
          {typeof title === 'string' ? <OnChainText value={title} max={300} /> : title}
        </Title>
      </Stack>
      {right}
    </Group>
  );
}
