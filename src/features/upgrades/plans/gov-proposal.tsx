import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';

import { getJson } from '../../../api/client.ts';
import { OnChainText } from '../../../components/text/on-chain-text.tsx';
import { upgradeQueries } from '../queries.ts';

// An x/gov proposal's title, as a v0.50 node answers /cosmos/gov/v1/proposals/{id}. Polity has no
// page for gov proposals: the title and the id say which one it was.

const govProposal = v.object({ proposal: v.object({ id: v.string(), title: v.optional(v.string(), '') }) });

const govProposalQuery = (endpoint: string, id: string) =>
  queryOptions({
    queryKey: [...upgradeQueries.all(endpoint), 'gov-proposal', id],
    queryFn: ({ signal }) =>
      getJson(endpoint, `/cosmos/gov/v1/proposals/${encodeURIComponent(id)}`, govProposal, { signal }).then(
        ({ data }) => data.proposal.title,
      ),
    // A proposal's title never changes once submitted.
    staleTime: Infinity,
  });

/**
 * The title beside the id, once read; nothing while it is read or where it cannot be (a node
 * without x/gov's v1 API, a proposal deleted for want of deposit): the id alone still says which.
 */
export function GovProposalTitle({ endpoint, id }: { endpoint: string; id: string }) {
  const title = useQuery(govProposalQuery(endpoint, id)).data;
  if (!title) return null;
  return (
    <span data-testid="gov-proposal-title">
      {' “'}
      <OnChainText value={title} max={120} />”
    </span>
  );
}
