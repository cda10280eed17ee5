import { QueryClient } from '@tanstack/react-query';

import { shouldRetry } from '../api/errors.ts';

const isLongList = (data: unknown) =>
  typeof data === 'object' && data !== null && 'pages' in data && Array.isArray(data.pages) && data.pages.length > 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
        staleTime: 10_000,
        // Coming back to a tab reads stale data again, but not a long list page by page.
        // A failing query is left to the background healing, which asks at once on focus too.
        refetchOnWindowFocus: (query) => query.state.status !== 'error' && !isLongList(query.state.data),
      },
    },
  });
}
