import { queryOptions, useQuery } from '@tanstack/react-query';

import { fetchIpfsDocument } from '../lib/chain/ipfs-document.ts';
import { gatewayUrl } from '../lib/chain/ipfs.ts';
import { safeLink } from '../lib/chain/safe-url.ts';
import { metadataName } from '../lib/text/metadata.ts';
import { useIpfsGateway } from './use-ipfs-gateway.ts';

/**
 * The document behind a gateway URL. A CID names its content for good, so a document read once
 * stays for the session; a failure is asked again only on a press of Retry or a new visit to
 * the page (never on focus, reconnect or in the background).
 */
export const ipfsDocumentQuery = (url: string | null) =>
  queryOptions({
    queryKey: ['ipfs-document', url],
    queryFn: ({ signal }) => fetchIpfsDocument(url ?? '', signal),
    enabled: url !== null,
    staleTime: (query) => (query.state.data?.ok === false ? 0 : Infinity),
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/**
 * The gateway URL of metadata that is a lone ipfs:// link (null when it is not one, or no gateway
 * is set), and its document: fetched, or with `read: 'cache'` only taken from the cache (lists
 * name many things at once and must not send a request per row).
 */
export function useIpfsDocument(metadata: string, read: 'fetch' | 'cache' = 'fetch') {
  const gateway = useIpfsGateway();
  const href = safeLink(metadata);
  const url = href ? gatewayUrl(href, gateway) : null;
  const query = useQuery({ ...ipfsDocumentQuery(url), enabled: url !== null && read === 'fetch' });
  return { gateway, url, query };
}

/** metadataName, reading through the gateway when the metadata is an ipfs:// link to a document. */
export function useMetadataName(
  metadata: string | null | undefined,
  fallback: string,
  { max = 120, read = 'fetch' }: { max?: number; read?: 'fetch' | 'cache' } = {},
): string {
  const { query } = useIpfsDocument(metadata ?? '', read);
  const document = query.data?.ok ? query.data.text : null;
  return metadataName(document ?? metadata ?? '', fallback, max);
}
