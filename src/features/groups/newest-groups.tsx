import { Card, Text, Title } from '@mantine/core';

import { AppLink } from '../../components/page/app-link.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../components/states/query-states.tsx';
import { DecimalText } from '../../components/values/decimal-text.tsx';
import { IdText } from '../../components/values/id-text.tsx';
import { linkedNameWords, metadataName } from '../../lib/text/metadata.ts';
import classes from './newest-groups.module.css';
import type { NewestGroupsRead } from './use-newest-groups.ts';

/** The overview's card of the newest groups, each with its total weight. */
export function NewestGroups({ newest }: { newest: NewestGroupsRead }) {
  const { count, recent, noCount } = newest;
  return (
    <Card h="100%">
      <Title order={2} fz="lg" mb="sm">
        Newest groups
      </Title>
      {recent.isPending && count.isPending && <LoadingBlock label="Loading groups" />}
      {recent.isError && <ErrorState error={recent.error} onRetry={() => void recent.refetch()} what="Groups" />}
      {noCount && <EmptyState>The newest groups are found from the count of groups, which failed.</EmptyState>}
      {recent.data &&
        (recent.data.length === 0 ? (
          <EmptyState>No groups on this chain yet.</EmptyState>
        ) : (
          <ul className={classes.list}>
            {recent.data.map((group) => (
              <li key={group.id} className={classes.item}>
                <AppLink to={`/groups/${group.id}`} className={classes.title}>
                  <IdText id={group.id} /> {metadataName(group.metadata, linkedNameWords(group.metadata))}
                </AppLink>
                <Text span c="dimmed" fz="sm">
                  weight <DecimalText value={group.total_weight} interactive={false} />
                </Text>
              </li>
            ))}
          </ul>
        ))}
      <AppLink to="/groups" fz="sm">
        All groups →
      </AppLink>
    </Card>
  );
}
