import { Code, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';

import { safeLink } from '../../lib/chain/safe-url.ts';
import type { MetadataReading } from '../../lib/text/metadata-reading.ts';
import { ChainLink } from '../page/chain-link.tsx';
import { OnChainText } from './on-chain-text.tsx';

/** What the page already shows from metadata: its name (a heading), or a proposal's title and summary. */
export type ShownElsewhere = 'name' | 'title and summary';

/** An object of a few text fields, such as an upgrade plan's `binaries` ({"linux/amd64": "https://…"}). */
const isFlatRecord = (value: unknown): value is Record<string, string | number | boolean> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.keys(value).length <= 40 &&
  Object.values(value).every((item) => ['string', 'number', 'boolean'].includes(typeof item));

function FieldValue({ value }: { value: unknown }) {
  if (typeof value === 'string') {
    const href = safeLink(value);
    if (href) return <ChainLink href={href} />;
    return (
      <Text span fz="sm" style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
        <OnChainText value={value} max={600} />
      </Text>
    );
  }
  if (typeof value === 'number' || typeof value === 'boolean')
    return (
      <Text span fz="sm">
        {String(value)}
      </Text>
    );
  if (isFlatRecord(value))
    return (
      <ul style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
        {Object.entries(value).map(([key, item]) => (
          <li key={key} style={{ overflowWrap: 'anywhere' }}>
            <Text span fz="sm" c="dimmed">
              <OnChainText value={key} max={80} />:
            </Text>{' '}
            <FieldValue value={typeof item === 'string' ? item : String(item)} />
          </li>
        ))}
      </ul>
    );
  return (
    <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      <OnChainText value={JSON.stringify(value)} max={600} />
    </Code>
  );
}

/**
 * Metadata that is text or JSON, shown as text: a JSON object as its fields (the name and
 * description left out where the page already shows them), with the raw text a click away.
 */
export function MetadataBody({
  value,
  reading,
  elsewhere,
}: {
  value: string;
  reading: Extract<MetadataReading, { kind: 'text' | 'json' }>;
  elsewhere?: ShownElsewhere;
}) {
  const [raw, setRaw] = useState(false);
  if (reading.kind === 'text')
    return (
      <Text span fz="sm" style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
        <OnChainText value={value} max={1500} />
      </Text>
    );
  const fields: [string, unknown][] = [
    ...(reading.name && !elsewhere ? ([['name', reading.name]] as [string, unknown][]) : []),
    ...(reading.description && elsewhere !== 'title and summary'
      ? ([['description', reading.description]] as [string, unknown][])
      : []),
    ...reading.rest,
  ];
  return (
    <Stack gap={4}>
      {raw ? (
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          <OnChainText value={prettyJson(value)} max={4000} />
        </Code>
      ) : fields.length === 0 ? (
        <Text span c="dimmed" fz="sm">
          nothing beyond the {elsewhere === 'title and summary' ? 'title and summary above' : 'name above'}
        </Text>
      ) : (
        <dl
          style={{
            margin: 0,
            display: 'grid',
            gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
            gap: '2px 12px',
          }}
        >
          {fields.map(([key, field]) => (
            <div key={key} style={{ display: 'contents' }}>
              <Text component="dt" fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                <OnChainText value={key} max={80} />
              </Text>
              <dd style={{ margin: 0, minWidth: 0 }}>
                <FieldValue value={field} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      <UnstyledButton fz="xs" c="blue" td="underline" onClick={() => setRaw((was) => !was)} aria-pressed={raw}>
        {raw ? 'Show as fields' : 'Show the JSON as written'}
      </UnstyledButton>
    </Stack>
  );
}

function prettyJson(value: string): string {
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}
