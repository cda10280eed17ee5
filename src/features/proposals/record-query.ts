import { queryOptions, skipToken } from '@tanstack/react-query';

import { getArchivedProposal } from '../../api/archive-records.ts';
import { NotFoundError } from '../../api/errors.ts';
import { isFailing } from '../../api/polling.ts';
import { archivedProposalQueries } from './archive-queries.ts';

type ArchivedRecord = Awaited<ReturnType<typeof getArchivedProposal>>;

/**
 * The last record the archive saw of a proposal, with its timeline; a null id waits. Apart from
 * the archive's lists (on the overview): only the proposal page reads it. `pollMs` says, from the
 * record last read, how soon to read it again (the page asks while the archive lags the node).
 */
export const archivedRecordQuery = (
  endpoint: string,
  id: string | null,
  pollMs: (latest: ArchivedRecord | undefined) => number | false = () => false,
) =>
  queryOptions({
    queryKey: [...archivedProposalQueries.all(endpoint), 'record', id],
    queryFn: id === null ? skipToken : ({ signal }) => getArchivedProposal(endpoint, id, { signal }),
    // "Not found" while the page asks means the archive has not reached the proposal yet.
    refetchInterval: (query) =>
      isFailing(query) && !(query.state.error instanceof NotFoundError) ? false : pollMs(query.state.data),
  });
