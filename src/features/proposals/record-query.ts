import { queryOptions, skipToken } from '@tanstack/react-query';

import { getArchivedProposal } from '../../api/archive-records.ts';
import { archivedProposalQueries } from './archive-queries.ts';

/**
 * The last record the archive saw of a proposal, with its timeline; a null id waits. Apart from
 * the archive's lists (on the overview): only the proposal page reads it.
 */
export const archivedRecordQuery = (endpoint: string, id: string | null) =>
  queryOptions({
    queryKey: [...archivedProposalQueries.all(endpoint), 'record', id],
    queryFn: id === null ? skipToken : ({ signal }) => getArchivedProposal(endpoint, id, { signal }),
  });
