import { Card, Code, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { JsonBlock } from '../../components/text/json-block.tsx';
import { MetadataText } from '../../components/text/metadata-text.tsx';
import { OnChainText } from '../../components/text/on-chain-text.tsx';
import { AddressText } from '../../components/values/address-text.tsx';
import { describeMessage, type FactKind, type MessageFact } from '../../domain/message-descriptions.ts';
import classes from './message-card.module.css';

/** How group ids and policy addresses are named; the page supplies them (they belong to other features). */
export interface NameRenderers {
  group: (groupId: string) => ReactNode;
  policy: (address: string) => ReactNode;
}

function FactValue({ item, names }: { item: MessageFact; names: NameRenderers }) {
  const kinds: Record<FactKind, () => ReactNode> = {
    address: () => <AddressText address={item.value} to={`/voters/${item.value}`} />,
    validator: () => <AddressText address={item.value} />,
    group: () => names.group(item.value),
    policy: () => names.policy(item.value),
    text: () => <MetadataText value={item.value} />,
  };
  return <>{kinds[item.kind]()}</>;
}

/** What one message would do, in words when Polity knows its type; its JSON always one click away. */
function MessageBody({
  message,
  names,
  depth,
}: {
  message: Record<string, unknown>;
  names: NameRenderers;
  depth: number;
}) {
  const description = describeMessage(message);
  const type = typeof message['@type'] === 'string' ? message['@type'] : '(no @type)';
  return (
    <Stack gap={6}>
      <Code className={classes.type}>{type}</Code>
      {description ? (
        <>
          <Text fz="sm" className={classes.summary}>
            <OnChainText value={description.summary} max={1000} />
          </Text>
          {description.facts.length > 0 && (
            <dl className={classes.facts}>
              {description.facts.map((item, index) => (
                <div key={index} className={classes.fact}>
                  <dt>{item.label}</dt>
                  <dd>
                    <FactValue item={item} names={names} />
                  </dd>
                </div>
              ))}
            </dl>
          )}
          {description.inner.length > 0 && depth < 3 && (
            <Stack gap="xs" className={classes.inner}>
              {description.inner.map((inner, index) => (
                <MessageBody key={index} message={inner} names={names} depth={depth + 1} />
              ))}
            </Stack>
          )}
        </>
      ) : (
        <Text fz="sm" c="dimmed">
          Polity does not describe this message type in words; its JSON below is what the chain would run.
        </Text>
      )}
      {depth === 0 && (
        <details className={classes.json} open={!description}>
          <summary>JSON</summary>
          <JsonBlock value={message} />
        </details>
      )}
    </Stack>
  );
}

export function MessageCard({ message, names }: { message: Record<string, unknown>; names: NameRenderers }) {
  return (
    <Card padding="sm">
      <MessageBody message={message} names={names} depth={0} />
    </Card>
  );
}
