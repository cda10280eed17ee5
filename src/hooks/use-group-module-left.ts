import { useQuery } from '@tanstack/react-query';

import { archiveStatusQuery } from './shared-queries.ts';

/**
 * Whether the endpoint's archive says an upgrade removed x/group from the chain: its pages then
 * show the archive's records (pruned proposals included), and say so. False without an archive.
 */
export function useGroupModuleLeft(endpoint: string): boolean {
  const left = useQuery({
    ...archiveStatusQuery(endpoint),
    select: (status) => status.group_module?.present === false,
  });
  return left.data === true;
}
