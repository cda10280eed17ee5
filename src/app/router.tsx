import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';

import { RouteError } from './route-error.tsx';
import { Shell } from './shell.tsx';

/** What each module in routes/ exports: its page, and optionally a loader that warms the cache. */
interface RouteModule {
  Component: ComponentType;
  makeLoader?: (queryClient: QueryClient) => (args: LoaderFunctionArgs) => null;
}

// Route modules load lazily, so the first page only carries its own code. Their loaders start
// the page's queries (without awaiting), and the components read through the same queries.
function lazyRoute(queryClient: QueryClient, load: () => Promise<RouteModule>) {
  return async () => {
    const route = await load();
    return { Component: route.Component, loader: route.makeLoader?.(queryClient) };
  };
}

/** The route table: one lazily loaded module per URL, inside the shell. */
export function routeTable(queryClient: QueryClient): RouteObject[] {
  const page = (load: () => Promise<RouteModule>) => lazyRoute(queryClient, load);
  return [
    {
      path: '/',
      Component: Shell,
      ErrorBoundary: RouteError,
      HydrateFallback: () => null,
      children: [
        { index: true, lazy: page(() => import('../routes/overview-page.tsx')) },
        { path: 'groups', lazy: page(() => import('../routes/groups-page.tsx')) },
        { path: 'groups/:groupId', lazy: page(() => import('../routes/group-page.tsx')) },
        { path: 'policies/:address', lazy: page(() => import('../routes/policy-page.tsx')) },
        { path: 'proposals/:proposalId', lazy: page(() => import('../routes/proposal-page.tsx')) },
        { path: 'proposals/:proposalId/votes/:voter', lazy: page(() => import('../routes/vote-page.tsx')) },
        { path: 'voters/:address', lazy: page(() => import('../routes/voter-page.tsx')) },
        { path: 'upgrades', lazy: page(() => import('../routes/upgrades-page.tsx')) },
        { path: '*', lazy: page(() => import('../routes/not-found-page.tsx')) },
      ],
    },
  ];
}

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(routeTable(queryClient));
