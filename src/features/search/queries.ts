import { queryOptions } from '@tanstack/react-query';

import { getArchivedAddresses } from '../../api/archive-addresses.ts';
import { getArchivedNames } from '../../api/archive-names.ts';
import { getArchivedProposal } from '../../api/archive-records.ts';
import { getArchivedProposals } from '../../api/archive.ts';
import { getGroupInfo, getProposal } from '../../api/endpoints.ts';

/** What a search asks: whether ids exist, which titles and names match words, which addresses begin so. */
export const searchQueries = {
  all: (endpoint: string) => ['api', endpoint] as const,
  group: (endpoint: string, id: string) =>
    queryOptions({
      queryKey: ['api', endpoint, 'search', 'group', id],
      queryFn: ({ signal }) => getGroupInfo(endpoint, id, { signal }),
    }),
  proposal: (endpoint: string, id: string) =>
    queryOptions({
      queryKey: ['api', endpoint, 'search', 'proposal', id],
      queryFn: ({ signal }) => getProposal(endpoint, id, { signal }),
    }),
  archivedProposal: (endpoint: string, id: string) =>
    queryOptions({
      queryKey: ['api', endpoint, 'search', 'archived-proposal', id],
      queryFn: ({ signal }) => getArchivedProposal(endpoint, id, { signal }),
    }),
  titles: (endpoint: string, text: string) =>
    queryOptions({
      queryKey: ['api', endpoint, 'search', 'titles', text],
      queryFn: ({ signal }) => getArchivedProposals(endpoint, { q: text }, { param: null, limit: 8, signal }),
    }),
  names: (endpoint: string, text: string) =>
    queryOptions({
      queryKey: ['api', endpoint, 'search', 'names', text],
      queryFn: ({ signal }) => getArchivedNames(endpoint, text, { signal }),
    }),
  addresses: (endpoint: string, prefix: string) =>
    queryOptions({
      queryKey: ['api', endpoint, 'search', 'addresses', prefix],
      queryFn: ({ signal }) => getArchivedAddresses(endpoint, prefix, { signal }),
    }),
};
