import { Grid, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';

import { upgradesFeedUrl } from '../api/archive-feeds.ts';
import { FeedLink } from '../components/page/feed-link.tsx';
import { PageTitle } from '../components/page/page-title.tsx';
import { LoadingBlock } from '../components/states/query-states.tsx';
import { ModuleVersionsCard } from '../features/upgrades/module-versions-card.tsx';
import { NodePlanCards } from '../features/upgrades/plans/node-plan-cards.tsx';
import { UpgradeHistory } from '../features/upgrades/upgrade-history.tsx';
import { useEndpoint } from '../hooks/use-endpoint.ts';

// The proof panel and the verifier it starts (in a worker) load only where an archive answers.
const ProofPanel = lazy(() =>
  import('../features/proofs/proof-panel.tsx').then((module) => ({ default: module.ProofPanel })),
);

/** Upgrades: the next one and the history (from the archive), then what the node answers itself. */
export function Component() {
  const endpoint = useEndpoint();
  return (
    <Stack gap="lg">
      <PageTitle
        title="Upgrades"
        docTitle="Upgrades"
        right={
          <FeedLink
            endpoint={endpoint}
            href={upgradesFeedUrl(endpoint)}
            title="Upgrades: scheduled, cancelled, applied"
          />
        }
      />
      <UpgradeHistory
        endpoint={endpoint}
        proof={(applied) => (
          <Suspense fallback={<LoadingBlock label="Loading the proof panel" rows={2} />}>
            <ProofPanel
              endpoint={endpoint}
              subject={{ kind: 'upgrades' }}
              what="the applied upgrades"
              held={applied > 0}
            />
          </Suspense>
        )}
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ModuleVersionsCard endpoint={endpoint} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <NodePlanCards endpoint={endpoint} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
