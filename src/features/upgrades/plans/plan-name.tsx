import { Text } from '@mantine/core';

import { OnChainText } from '../../../components/text/on-chain-text.tsx';

/**
 * A plan's name, which anyone proposing an upgrade writes: kept on one line ("v6-cirrus", not
 * "v6-" and "cirrus") unless it is too long for a phone's width, then broken anywhere.
 */
export function PlanName({ name }: { name: string }) {
  return (
    <Text
      span
      ff="monospace"
      fz="inherit"
      style={{ whiteSpace: name.length <= 30 ? 'nowrap' : undefined, overflowWrap: 'anywhere' }}
    >
      <OnChainText value={name} max={120} />
    </Text>
  );
}
