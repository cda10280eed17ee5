import { Grid, Stack } from '@mantine/core';

import { upgradesFeedUrl } from '../api/archive-feeds.ts';
import { FeedLink } from '../components/feed-link.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { ModuleVersionsCard } from '../features/upgrades/module-versions-card.tsx';
import { NodePlanCards } from '../features/upgrades/node-plan-cards.tsx';
import { UpgradeHistory } from '../features/upgrades/upgrade-history.tsx';
import { useEndpoint } from '../hooks/use-endpoint.ts';

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
      <UpgradeHistory endpoint={endpoint} />
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
