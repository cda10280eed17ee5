import { Anchor, Code, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';

import { useIpfsGateway } from '../hooks/use-ipfs-gateway.ts';
import { gatewayUrl } from '../lib/ipfs.ts';
import { readMetadata } from '../lib/metadata-reading.ts';
import { safeLink } from '../lib/safe-url.ts';
import { OnChainText } from './on-chain-text.tsx';

/** A link written on chain: opened in a new tab that cannot reach back into this page. */
export function ChainLink({ href }: { href: string }) {
  const gateway = useIpfsGateway();
  const viaGateway = gatewayUrl(href, gateway);
  const target = viaGateway ?? (href.startsWith('ipfs:') ? null : href);
  const text = <OnChainText value={href} max={200} />;
  return (
    <Text span fz="sm" style={{ wordBreak: 'break-all' }}>
      {target ? (
        <Anchor href={target} target="_blank" rel="noopener noreferrer nofollow" fz="sm">
          {text}
        </Anchor>
      ) : (
        text
      )}
      {href.startsWith('ipfs:') && (
        <Text span fz="xs" c="dimmed">
          {' '}
          {viaGateway ? '(through your IPFS gateway)' : '(set an IPFS gateway under Chain to open it)'}
        </Text>
      )}
    </Text>
  );
}

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
  return (
    <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      <OnChainText value={JSON.stringify(value)} max={600} />
    </Code>
  );
}

/**
 * On-chain metadata, written by anyone, shown as text: a JSON object as its fields (the name and
 * description left out where the page already shows them), with the raw text a click away.
 */
export function MetadataText({
  value,
  empty = 'none',
  elsewhere,
}: {
  value: string;
  empty?: string;
  /** What the page already shows from it: its name (a heading), or a proposal's title and summary. */
  elsewhere?: 'name' | 'title and summary';
}) {
  const [raw, setRaw] = useState(false);
  const reading = readMetadata(value);
  if (reading.kind === 'empty')
    return (
      <Text span c="dimmed" fz="sm">
        {empty}
      </Text>
    );
  if (reading.kind === 'link') return <ChainLink href={reading.href} />;
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
