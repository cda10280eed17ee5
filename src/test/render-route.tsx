import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { routeTable } from '../app/router.tsx';

/**
 * Mounts the app as it runs (the real route table, loaders, shell and providers) at a URL, with
 * an in-memory history instead of the browser's. Stub fetch first (see fake-node.ts).
 */
export function renderRoute(url: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routeTable(queryClient), { initialEntries: [url] });
  const view = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
}
