import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';

import { routeLoaders } from '../routes/loaders.ts';
import { RouteError } from './route-error.tsx';
import { Shell } from './shell.tsx';

/** What each module in routes/ exports: its page. */
interface RouteModule {
  Component: ComponentType;
}

// Route modules load lazily, so the first page only carries its own code. Their loaders come with
// the app and start the page's queries (without awaiting) at once, while the page's code loads;
// the components read through the same queries.
const lazyPage = (load: () => Promise<RouteModule>) => async () => ({ Component: (await load()).Component });

/** The route table: one lazily loaded module per URL, inside the shell. */
export function routeTable(queryClient: QueryClient): RouteObject[] {
  const loader = (name: keyof typeof routeLoaders) => routeLoaders[name](queryClient);
  return [
    {
      path: '/',
      Component: Shell,
      ErrorBoundary: RouteError,
      HydrateFallback: () => null,
      children: [
        { index: true, loader: loader('overview'), lazy: lazyPage(() => import('../routes/overview-page.tsx')) },
        { path: 'groups', loader: loader('groups'), lazy: lazyPage(() => import('../routes/groups/groups-page.tsx')) },
        {
          path: 'groups/:groupId',
          loader: loader('group'),
          lazy: lazyPage(() => import('../routes/groups/group-page.tsx')),
        },
        {
          path: 'policies/:address',
          loader: loader('policy'),
          lazy: lazyPage(() => import('../routes/groups/policy-page.tsx')),
        },
        { path: 'proposals', lazy: lazyPage(() => import('../routes/proposals/proposals-page.tsx')) },
        {
          path: 'proposals/:proposalId',
          loader: loader('proposal'),
          lazy: lazyPage(() => import('../routes/proposals/proposal-page.tsx')),
        },
        {
          path: 'proposals/:proposalId/votes/:voter',
          lazy: lazyPage(() => import('../routes/proposals/vote-page.tsx')),
        },
        {
          path: 'voters/:address',
          loader: loader('voter'),
          lazy: lazyPage(() => import('../routes/people/voter-page.tsx')),
        },
        { path: 'inbox/:address', lazy: lazyPage(() => import('../routes/people/inbox-page.tsx')) },
        { path: 'upgrades', loader: loader('upgrades'), lazy: lazyPage(() => import('../routes/upgrades-page.tsx')) },
        { path: 'chains', lazy: lazyPage(() => import('../routes/chains-page.tsx')) },
        { path: 'following', lazy: lazyPage(() => import('../routes/people/following-page.tsx')) },
        { path: 'search', lazy: lazyPage(() => import('../routes/search-page.tsx')) },
        { path: '*', lazy: lazyPage(() => import('../routes/not-found-page.tsx')) },
      ],
    },
  ];
}

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(routeTable(queryClient));
