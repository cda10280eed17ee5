import { useQuery } from '@tanstack/react-query';

import { getArchivedProposals } from '../../api/archive.ts';
import { NotFoundError } from '../../api/errors.ts';
import { ErrorState } from '../../components/states/query-states.tsx';
import { archivedProposalQueries } from './archive-queries.ts';

/** When x/group removes proposals from its state (said wherever a proposal is missing from a node). */
export const PRUNING_NOTE =
  'Proposals are removed from chain state: at once when executed successfully, when voting ends if withdrawn ' +
  'or aborted, and 14 days after voting ends otherwise. A pruned proposal can no longer be read from a node.';

/** The newest proposal the archive knows (one row, newest id first); nothing on a plain node. */
const newestQuery = (endpoint: string) => ({
  queryKey: [...archivedProposalQueries.all(endpoint), 'newest'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    getArchivedProposals(endpoint, { order_by: 'id', order: 'desc' }, { param: null, limit: 1, signal }).then(
      (page) => page.rows[0]?.id ?? null,
    ),
  staleTime: 30_000,
});

/**
 * A proposal the node does not store and the archive never saw. Ids count up from 1, so an id
 * past the newest one is a proposal nobody has submitted yet — not one that was pruned.
 */
export function MissingProposal({
  endpoint,
  id,
  error,
  onRetry,
}: {
  endpoint: string;
  id: string;
  error: unknown;
  onRetry: () => void;
}) {
  const newest = useQuery({ ...newestQuery(endpoint), enabled: error instanceof NotFoundError });
  const latest = newest.data ?? null;
  const notYet = latest !== null && BigInt(id) > BigInt(latest);
  return (
    <ErrorState
      error={error}
      onRetry={onRetry}
      what={`Proposal ${id}`}
      notFound={
        notYet
          ? `No proposal has id ${id} yet: the newest is #${latest}.`
          : latest !== null
            ? `Proposal ${id} is not stored on the chain, and the archive (newest proposal #${latest}) has no record of it. ${PRUNING_NOTE}`
            : `No proposal ${id} is stored. It may not have been submitted yet, or it was pruned. ${PRUNING_NOTE}`
      }
    />
  );
}
