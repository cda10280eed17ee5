import { queryOptions, useQuery } from '@tanstack/react-query';

import { readServedChains, type ServedChain } from '../lib/chain/served-chains.ts';
import { useEndpoint } from './use-endpoint.ts';

/** What this server serves: asked once per visit (it changes only when the server restarts). */
export const servedChainsQuery = queryOptions({
  queryKey: ['polity', 'served-chains'],
  queryFn: async ({ signal }) => {
    const response = await fetch('/polity/config.json', { signal });
    // A development server or a plain static host has no config: one chain, unnamed.
    return response.ok ? readServedChains(await response.json()) : [];
  },
  staleTime: Infinity,
  retry: 1,
});

export function useServedChains(): ServedChain[] {
  return useQuery(servedChainsQuery).data ?? [];
}

/** The served chain an endpoint reads, or null for an endpoint this server does not serve. */
export function useServedChain(endpoint: string): ServedChain | null {
  return useServedChains().find((chain) => chain.path === endpoint) ?? null;
}

/** The served chain this page reads. */
export const useCurrentChain = () => useServedChain(useEndpoint());
