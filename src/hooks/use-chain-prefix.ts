import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';

import { getJson } from '../api/client.ts';
import { getGroups } from '../api/endpoints.ts';
import { servedChainsQuery } from './use-served-chains.ts';

const HUMAN_PART = /^([a-z][a-z0-9]*)1/;

const bech32Answer = v.object({ bech32_prefix: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9]*$/)) });

/**
 * An endpoint's address prefix when this server does not say it: what x/auth says it is, else
 * (a node that does not serve that query) the prefix its own groups' admins are written with (the
 * SDK writes every account address of a chain with one prefix). Null when neither says: then
 * addresses are checked by their checksum only.
 */
export const prefixOfChainQuery = (endpoint: string) =>
  queryOptions({
    queryKey: ['api', endpoint, 'chain-prefix'],
    queryFn: ({ signal }) =>
      getJson(endpoint, '/cosmos/auth/v1beta1/bech32', bech32Answer, { signal }).then(
        (answer) => answer.data.bech32_prefix,
        () =>
          getGroups(endpoint, { param: { offset: 0 }, limit: 1, signal }).then(
            (page) => HUMAN_PART.exec(page.rows[0]?.admin ?? '')?.[1] ?? null,
          ),
      ),
    staleTime: Infinity,
    retry: false,
  });

/** The chain's address prefix ("cosmos", "regen"), or null while unknown. */
export function useChainPrefix(endpoint: string): string | null {
  const chains = useQuery(servedChainsQuery);
  const served = chains.data?.find((chain) => chain.path === endpoint);
  // Asked of the chain only once this server has said what it knows (its own chain's prefix).
  const asked = useQuery({ ...prefixOfChainQuery(endpoint), enabled: !chains.isPending && !served?.prefix });
  return served?.prefix ?? asked.data ?? null;
}
