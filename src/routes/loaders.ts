import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

import { groupFilterShape } from '../features/groups/group-filter-shape.ts';
import { overviewQueries } from '../features/groups/overview-queries.ts';
import { groupQueries } from '../features/groups/queries.ts';
import { policyQueries } from '../features/policies/queries.ts';
import { proposalQueries } from '../features/proposals/queries.ts';
import { upgradeQueries } from '../features/upgrades/queries.ts';
import { voteQueries } from '../features/votes/queries.ts';
import { groupInfoQuery, policyInfoQuery } from '../hooks/shared-queries.ts';
import { endpointOfRequest } from '../lib/chain/endpoint.ts';
import { parseId } from '../lib/chain/ids.ts';
import { hasAddressShape } from '../lib/chain/short-address.ts';

// Each page's loader starts the requests the page cannot show anything without, without
// awaiting them. Loaders are loaded with the app (they are small), not with their page's code:
// a deep link's API requests then start while that code is still on its way.

type Loader = (args: LoaderFunctionArgs) => null;
type MakeLoader = (queryClient: QueryClient) => Loader;

const warm =
  (start: (queryClient: QueryClient, endpoint: string, args: LoaderFunctionArgs) => void): MakeLoader =>
  (queryClient) =>
  (args) => {
    start(queryClient, endpointOfRequest(args.request), args);
    return null;
  };

export const routeLoaders = {
  overview: warm((queryClient, endpoint) => {
    void queryClient.prefetchQuery(overviewQueries.groupCount(endpoint));
    void queryClient.prefetchQuery(upgradeQueries.currentPlan(endpoint));
  }),
  groups: warm((queryClient, endpoint, { request }) => {
    const filter = groupFilterShape(new URL(request.url).searchParams);
    if (filter !== null) void queryClient.prefetchInfiniteQuery(groupQueries.list(endpoint, filter));
  }),
  group: warm((queryClient, endpoint, { params }) => {
    const id = parseId(params.groupId ?? '');
    if (id === null) return;
    void queryClient.prefetchQuery(groupInfoQuery(endpoint, id));
    void queryClient.prefetchInfiniteQuery(policyQueries.byGroup(endpoint, id));
  }),
  policy: warm((queryClient, endpoint, { params }) => {
    // Started on the address's shape: the page refuses a bad checksum itself, with the reason.
    const address = params.address ?? '';
    if (!hasAddressShape(address)) return;
    void queryClient.prefetchQuery(policyInfoQuery(endpoint, address));
    void queryClient.prefetchInfiniteQuery(policyQueries.proposals(endpoint, address));
  }),
  proposal: warm((queryClient, endpoint, { params }) => {
    const id = parseId(params.proposalId ?? '');
    if (id === null) return;
    void queryClient.prefetchQuery(proposalQueries.detail(endpoint, id));
    // The archive's record names the policy and group too: their reads need not wait for the node.
    // Its query comes in a chunk of its own, so other routes' first pages do not carry it.
    const record = import('../features/proposals/record-query.ts').then(({ archivedRecordQuery }) =>
      queryClient.fetchQuery(archivedRecordQuery(endpoint, id)).then(
        () => true,
        () => false,
      ),
    );
    void import('../features/proofs/prefetch-bundle.ts').then(({ prefetchProofBundle }) =>
      prefetchProofBundle(queryClient, endpoint, { kind: 'proposal', id }, record),
    );
  }),
  voter: warm((queryClient, endpoint, { params, request }) => {
    const address = params.address ?? '';
    if (!hasAddressShape(address)) return;
    void queryClient.prefetchInfiniteQuery(voteQueries.byVoter(endpoint, address));
    // The bundle is the votes tab's (the first); the other tabs show no proof panel.
    const tab = new URL(request.url).searchParams.get('tab') ?? 'votes';
    if (tab === 'votes')
      void import('../features/proofs/prefetch-bundle.ts').then(({ prefetchProofBundle }) =>
        prefetchProofBundle(
          queryClient,
          endpoint,
          { kind: 'voter', address: address.toLowerCase() },
          Promise.resolve(true),
        ),
      );
  }),
  upgrades: warm((queryClient, endpoint) => {
    void queryClient.prefetchQuery(upgradeQueries.moduleVersions(endpoint));
    void queryClient.prefetchQuery(upgradeQueries.currentPlan(endpoint));
  }),
} satisfies Record<string, MakeLoader>;
