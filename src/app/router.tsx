import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router';

import { endpointFromSearch } from './endpoint.ts';
import { RouteError } from './route-error.tsx';
import { Shell } from './shell.tsx';

/** The endpoint a loader should warm the cache for. */
export const loaderEndpoint = (args: LoaderFunctionArgs) => endpointFromSearch(new URL(args.request.url).searchParams);

export type RouteModule = {
  Component: React.ComponentType;
  makeLoader?: (qc: QueryClient) => (args: LoaderFunctionArgs) => null;
};

// Route modules load lazily, so the first page only carries its own code. Their loaders start
// the page's queries (without awaiting), and the components read through the same queries.
function lazyRoute(qc: QueryClient, load: () => Promise<RouteModule>) {
  return async () => {
    const m = await load();
    return { Component: m.Component, loader: m.makeLoader?.(qc) };
  };
}

export function createRouter(qc: QueryClient) {
  return createBrowserRouter([
    {
      path: '/',
      Component: Shell,
      ErrorBoundary: RouteError,
      HydrateFallback: () => null,
      children: [
        { index: true, lazy: lazyRoute(qc, () => import('./routes/overview-page.tsx')) },
        { path: 'groups', lazy: lazyRoute(qc, () => import('./routes/groups-page.tsx')) },
        { path: 'groups/:groupId', lazy: lazyRoute(qc, () => import('./routes/group-page.tsx')) },
        { path: 'policies/:address', lazy: lazyRoute(qc, () => import('./routes/policy-page.tsx')) },
        { path: 'proposals/:proposalId', lazy: lazyRoute(qc, () => import('./routes/proposal-page.tsx')) },
        { path: 'proposals/:proposalId/votes/:voter', lazy: lazyRoute(qc, () => import('./routes/vote-page.tsx')) },
        { path: 'voters/:address', lazy: lazyRoute(qc, () => import('./routes/voter-page.tsx')) },
        { path: 'upgrades', lazy: lazyRoute(qc, () => import('./routes/upgrades-page.tsx')) },
        { path: '*', lazy: lazyRoute(qc, () => import('./routes/not-found-page.tsx')) },
      ],
    },
  ]);
}
