import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { isArchiveAbsent } from '../../api/archive.ts';
import {
  NeedsArchive,
  UnreadNotice,
  useArchiveCatchingUp,
  useArchiveUnread,
} from '../../components/states/archive-gate.tsx';
import { ErrorState, LoadingBlock } from '../../components/states/query-states.tsx';
import { archivedUpgradeQueries } from './archive-queries.ts';
import { AppliedPlans } from './plans/applied-plans.tsx';
import { CancelledPlans } from './plans/cancelled-plans.tsx';
import { NextUpgradeCard } from './plans/next-upgrade-card.tsx';
import { upgradeQueries } from './queries.ts';
import { UpgradeTimeline } from './upgrade-timeline.tsx';
import classes from './upgrades.module.css';

/** The next upgrade, counting down, and past ones from the archive; on a plain node, the countdown alone. */
export function UpgradeHistory({
  endpoint,
  proof,
}: {
  endpoint: string;
  /** What proves the applied upgrades, given how many the archive holds (the route composes it). */
  proof?: (applied: number) => ReactNode;
}) {
  // The node's scheduled plan (current_plan), for the countdown when there is no archive.
  const nodePlan = useQuery(upgradeQueries.currentPlan(endpoint)).data?.plan ?? null;
  const query = useQuery(archivedUpgradeQueries.history(endpoint));
  const unread = useArchiveUnread(endpoint);
  const catchingUp = useArchiveCatchingUp(endpoint);
  if (unread) return <UnreadNotice reason={unread} what="Upgrades" />;
  if (query.isPending) return <LoadingBlock label="Loading the upgrade history" rows={4} />;
  if (query.isError && !isArchiveAbsent(query.error))
    return <ErrorState error={query.error} what="Upgrade history" onRetry={() => void query.refetch()} />;
  const data = query.data;
  return (
    <Stack gap="md">
      <NextUpgradeCard endpoint={endpoint} archived={data ? data.scheduled : undefined} nodePlan={nodePlan} />
      <Card>
        <Title order={2} fz="lg" mb="sm">
          Upgrade history
        </Title>
        {data ? (
          <Stack gap="lg">
            <div className={classes.historyTop}>
              <UpgradeTimeline applied={data.applied} scheduled={data.scheduled} />
              <CancelledPlans cancelled={data.cancelled} />
            </div>
            {/* Before the long list, so a phone reaches it without scrolling past every upgrade. */}
            {proof?.(data.applied.length)}
            <Text fz="sm" c="dimmed" data-testid="upgrades-unproven">
              The proof covers the applied upgrades only, each by the done marker the upgrade module stores. The next
              plan, cancelled plans and the proposals that scheduled them are what the archive read, not proven here.
            </Text>
            <AppliedPlans applied={data.applied} catchingUp={catchingUp} />
          </Stack>
        ) : (
          <NeedsArchive
            what="The list of applied upgrades"
            instead="A node answers only “at which height was the plan named X applied?”: look a name up below."
          />
        )}
      </Card>
    </Stack>
  );
}
