import { Anchor, Code, Text } from '@mantine/core';

import { labelText } from '../lib/hostile-text.ts';
import { safeLink } from '../lib/safe-url.ts';
import { OnChainText } from './on-chain-text.tsx';

/**
 * On-chain metadata, written by anyone: shown as text. JSON is pretty-printed; a lone https or
 * ipfs URL becomes a link that cannot reach back into this page.
 */
export function MetadataText({ value, empty = 'none' }: { value: string; empty?: string }) {
  if (value === '')
    return (
      <Text span c="dimmed" fz="sm">
        {empty}
      </Text>
    );
  const link = safeLink(value);
  if (link) {
    return (
      <Anchor href={link} target="_blank" rel="noopener noreferrer nofollow" fz="sm" style={{ wordBreak: 'break-all' }}>
        {value}
      </Anchor>
    );
  }
  const json = prettyJson(value);
  if (json !== null)
    return (
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        <OnChainText value={json} max={4000} />
      </Code>
    );
  return (
    <Text span fz="sm" style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
      <OnChainText value={value} max={1500} />
    </Text>
  );
}

function prettyJson(value: string): string | null {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null ? JSON.stringify(parsed, null, 2) : null;
  } catch {
    return null;
  }
}

/** A human name from metadata like {"name": "..."}; otherwise the fallback. */
export function metadataName(value: string, fallback: string): string {
  try {
    const parsed: unknown = JSON.parse(value);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'name' in parsed &&
      typeof parsed.name === 'string' &&
      parsed.name.trim()
    ) {
      return labelText(parsed.name, 120);
    }
  } catch {
    // fall through
  }
  return fallback;
}
