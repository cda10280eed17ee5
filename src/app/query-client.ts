import { QueryClient } from '@tanstack/react-query';

import { shouldRetry } from '../api/errors.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
        staleTime: 10_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
