import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';

import { useCurrentChain } from '../../hooks/use-served-chains.ts';
import { txLinks } from '../../lib/chain/explorer-links.ts';
import { CopyIconButton } from './copy-icon-button.tsx';

/** "BDD2CBF5…6853F1": enough of both ends to tell two transactions apart at a glance. */
export const shortTxHash = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash);

/**
 * A transaction's hash (as CometBFT and block explorers name it), shortened for reading, whole on
 * hover and for copying. Read aloud as "Transaction BDD2CBF5…6853F1"; the copy button names it whole.
 * It never wraps, so a phone's card gives it a line rather than cutting it.
 */
export function TxHashText({ hash }: { hash: string }) {
  const [explorer] = txLinks(useCurrentChain(), hash);
  return (
    <Group gap={4} wrap="nowrap" component="span" style={{ display: 'inline-flex', verticalAlign: 'middle' }}>
      <Text span ff="monospace" fz="xs" title={hash} style={{ whiteSpace: 'nowrap' }} data-testid="tx-hash">
        <VisuallyHidden>Transaction </VisuallyHidden>
        <span aria-hidden>tx </span>
        {shortTxHash(hash)}
      </Text>
      <CopyIconButton value={hash} name={`transaction ${hash}`} title="Copy transaction hash" />
      {/* The first explorer the chain registry names for this chain: one link keeps a row short. */}
      {explorer && (
        <Anchor
          href={explorer.href}
          target="_blank"
          rel="noopener noreferrer"
          fz="xs"
          title={`Open transaction ${hash} on ${explorer.kind}`}
          data-testid="tx-explorer-link"
        >
          {explorer.kind} ↗
        </Anchor>
      )}
    </Group>
  );
}
