import { Text } from '@mantine/core';
import { useState } from 'react';

import { labelText, shorten, splitControls } from '../../lib/text/hostile-text.ts';

const markerStyle = {
  fontFamily: 'var(--mantine-font-family-monospace)',
  fontSize: '0.75em',
  padding: '0 2px',
  margin: '0 1px',
  borderRadius: 3,
  border: '1px solid var(--mantine-color-orange-filled)',
  color: 'var(--mantine-color-orange-text)',
} as const;

/**
 * Text someone wrote on chain: isolated from the page's direction, every bidi control shown as a
 * marker (as code editors do) instead of acting, and cut at `max` characters with a way to read
 * the rest.
 */
export function OnChainText({ value, max = 1000 }: { value: string; max?: number }) {
  const [expanded, setExpanded] = useState(false);
  const short = shorten(value, max);
  const shown = expanded ? value : short.text;
  return (
    <>
      <bdi data-on-chain-text>
        {splitControls(shown).map((part, index) =>
          typeof part === 'string' ? (
            part
          ) : (
            <abbr
              key={index}
              title={`${part.code}, a text-direction control, shown instead of applied`}
              style={markerStyle}
            >
              {part.name}
            </abbr>
          ),
        )}
        {short.cut && !expanded && '…'}
      </bdi>
      {short.cut && (
        <>
          {' '}
          <Text
            component="button"
            type="button"
            fz="xs"
            c="blue"
            td="underline"
            style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', whiteSpace: 'nowrap' }}
            onClick={() => setExpanded((was) => !was)}
            aria-expanded={expanded}
          >
            {expanded ? 'Show less' : `Show all ${value.length.toLocaleString('en')} characters`}
          </Text>
        </>
      )}
    </>
  );
}

/**
 * A one-line label from on-chain text (a title, a name): controls shown as markers, at most
 * `max` characters, and isolated so right-to-left text cannot reorder what stands beside it.
 */
export function ChainLabel({
  value,
  max,
  fallback = '',
}: {
  value: string | null | undefined;
  max?: number;
  fallback?: string;
}) {
  return <bdi>{labelText(value, max) || fallback}</bdi>;
}
