import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

import { Providers } from '../app/providers.tsx';

/**
 * Renders a component inside the app's providers, at a URL, with a fresh cache that does not retry
 * (or the one given, with answers already in it).
 */
export function renderWithApp(
  ui: ReactNode,
  url = '/',
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return {
    client,
    ...render(
      <Providers queryClient={client} env="test">
        <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
      </Providers>,
    ),
  };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}
