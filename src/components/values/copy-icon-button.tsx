import { ActionIcon, CopyButton } from '@mantine/core';

/**
 * A small button that copies `value`, for a shortened address or hash beside it. Its accessible
 * name says what it copies, whole (`name`: "address cosmos1…"); its title says it briefly.
 */
export function CopyIconButton({ value, name, title }: { value: string; name: string; title: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        // A title, not a Tooltip: the tooltip machinery (floating-ui) would weigh more than every page's data.
        <ActionIcon
          variant="subtle"
          size="xs"
          color={copied ? 'teal' : 'gray'}
          onClick={copy}
          aria-label={copied ? `Copied ${name}` : `Copy ${name}`}
          title={copied ? 'Copied' : title}
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
  );
}
