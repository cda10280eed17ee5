import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';

import { anythingFollowed } from '../features/following/followed-key.ts';
import { createQueryClient } from './query-client.ts';
import { healQueries } from './query-healing.ts';
import { createRouter } from './router.tsx';
import { contrastResolver, theme } from './theme.ts';

/** Theme and query cache around the app; tests mount the route tree inside the same providers. */
export function Providers({
  queryClient,
  env,
  children,
}: {
  queryClient: QueryClient;
  /** Mantine's "test" env turns off transitions and portals' delays. */
  env?: 'default' | 'test';
  children: ReactNode;
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={contrastResolver} defaultColorScheme="auto" env={env}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createRouter(queryClient));
  useEffect(() => healQueries(queryClient), [queryClient]);
  // Followed items are watched from any page; the watcher's code loads only once something is.
  useEffect(() => {
    if (anythingFollowed())
      void import('../features/following/start-watching.ts').then((module) => module.startWatching());
  }, []);
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
