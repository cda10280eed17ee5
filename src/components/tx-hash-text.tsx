import { ActionIcon, CopyButton, Group, Text, VisuallyHidden } from '@mantine/core';

/** "BDD2CBF5…6853F1": enough of both ends to tell two transactions apart at a glance. */
export const shortTxHash = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash);

/**
 * A transaction's hash (as CometBFT and block explorers name it), shortened for reading, whole on
 * hover and for copying. Read aloud as "Transaction BDD2CBF5…6853F1"; the copy button names it whole.
 * It never wraps, so a phone's card gives it a line rather than cutting it.
 */
export function TxHashText({ hash }: { hash: string }) {
  return (
    <Group gap={4} wrap="nowrap" component="span" style={{ display: 'inline-flex', verticalAlign: 'middle' }}>
      <Text span ff="monospace" fz="xs" title={hash} style={{ whiteSpace: 'nowrap' }} data-testid="tx-hash">
        <VisuallyHidden>Transaction </VisuallyHidden>
        <span aria-hidden>tx </span>
        {shortTxHash(hash)}
      </Text>
      <CopyButton value={hash} timeout={1500}>
        {({ copied, copy }) => (
          <ActionIcon
            variant="subtle"
            size="xs"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={copied ? `Copied transaction ${hash}` : `Copy transaction ${hash}`}
            title={copied ? 'Copied' : 'Copy transaction hash'}
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
    </Group>
  );
}
