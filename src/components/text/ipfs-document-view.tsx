import { Alert, Button, Paper, Stack, Text } from '@mantine/core';

import { useIpfsDocument } from '../../hooks/use-ipfs-document.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TIMEOUT_MS, type IpfsProblem } from '../../lib/chain/ipfs-document.ts';
import { readMetadata } from '../../lib/text/metadata-reading.ts';
import { ChainLink } from '../page/chain-link.tsx';
import { MetadataBody, type ShownElsewhere } from './metadata-fields.tsx';

const PROBLEMS: Record<IpfsProblem, (host: string, status?: number) => string> = {
  'too-large': () =>
    `It is larger than ${DOCUMENT_MAX_BYTES / 1024} kB: Polity stopped reading it. Open the link to see it.`,
  status: (host, status) =>
    `${host} answered HTTP ${status ?? '?'}${status === 404 ? ': it does not have this document' : ''}.`,
  unreachable: (host) =>
    `${host} could not be reached, or it does not let other sites read its answers (CORS headers).`,
  timeout: (host) => `${host} did not answer within ${DOCUMENT_TIMEOUT_MS / 1000} seconds.`,
  redirect: (host) =>
    `${host} sent it elsewhere, and Polity reads only from your gateway. A path gateway (https://host/ipfs/…) answers directly.`,
  'not-text': () => 'It is not text (an image or other binary data). Open the link to see it.',
};

/** Asking again cannot change these answers: no Retry for them. */
const FINAL = new Set<IpfsProblem>(['too-large', 'redirect', 'not-text']);

/**
 * Metadata that is an ipfs:// link: the link, and the document it points to read through the
 * reader's gateway as inline metadata is (fields, or text), or why it could not be read. Without
 * a gateway nothing is fetched.
 */
export function IpfsDocumentView({ href, elsewhere }: { href: string; elsewhere?: ShownElsewhere }) {
  const { gateway, url, query } = useIpfsDocument(href);
  const host = gateway ? new URL(gateway).host : '';
  const result = query.data;
  let body = null;
  if (!gateway)
    body = (
      <Text fz="xs" c="dimmed">
        It points to a document. Set an IPFS gateway under Chain and Polity reads it here; without one, nothing is
        fetched.
      </Text>
    );
  else if (url && !result)
    body = (
      <Text fz="xs" c="dimmed" role="status">
        Reading the document through {host}…
      </Text>
    );
  else if (result && !result.ok)
    body = (
      <Alert color="orange" variant="light" title="Could not read the document" role="alert" p="xs">
        <Stack gap={6} align="flex-start">
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {PROBLEMS[result.problem](host, result.status)}
          </Text>
          {!FINAL.has(result.problem) && (
            <Button size="xs" variant="light" loading={query.isFetching} onClick={() => void query.refetch()}>
              Retry
            </Button>
          )}
        </Stack>
      </Alert>
    );
  else if (result?.ok) body = <DocumentBody text={result.text} host={host} elsewhere={elsewhere} />;
  return (
    <Stack gap={6}>
      <ChainLink href={href} quiet />
      {body}
    </Stack>
  );
}

function DocumentBody({ text, host, elsewhere }: { text: string; host: string; elsewhere?: ShownElsewhere }) {
  const reading = readMetadata(text);
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="ipfs-document">
      <Text fz="xs" c="dimmed" mb={4}>
        The document, read through {host}
      </Text>
      {reading.kind === 'empty' ? (
        <Text fz="sm" c="dimmed">
          It is empty.
        </Text>
      ) : reading.kind === 'link' ? (
        // A link to a link is shown, not followed: one document per metadata.
        <ChainLink href={reading.href} />
      ) : (
        <MetadataBody value={text} reading={reading} elsewhere={elsewhere} />
      )}
    </Paper>
  );
}
