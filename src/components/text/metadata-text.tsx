import { Text } from '@mantine/core';

import { readMetadata } from '../../lib/text/metadata-reading.ts';
import { ChainLink } from '../page/chain-link.tsx';
import { IpfsDocumentView } from './ipfs-document-view.tsx';
import { MetadataBody, type ShownElsewhere } from './metadata-fields.tsx';

/**
 * On-chain metadata, written by anyone, shown as text: JSON as its fields, plain text as it is,
 * and a lone ipfs:// link with the document it points to, read through the reader's gateway.
 */
export function MetadataText({
  value,
  empty = 'none',
  elsewhere,
}: {
  value: string;
  empty?: string;
  /** What the page already shows from it: its name (a heading), or a proposal's title and summary. */
  elsewhere?: ShownElsewhere;
}) {
  const reading = readMetadata(value);
  if (reading.kind === 'empty')
    return (
      <Text span c="dimmed" fz="sm">
        {empty}
      </Text>
    );
  if (reading.kind === 'link')
    return reading.href.startsWith('ipfs://') ? (
      <IpfsDocumentView href={reading.href} elsewhere={elsewhere} />
    ) : (
      <ChainLink href={reading.href} />
    );
  return <MetadataBody value={value} reading={reading} elsewhere={elsewhere} />;
}
