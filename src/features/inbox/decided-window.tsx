import { Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import type { Inbox } from '../../api/archive-inbox.ts';
import { decidedWindow } from './decided-window.ts';
import { inboxQueries } from './queries.ts';

/** The "decided" section's heading, and what its window is in words. */
export function DecidedWindow({ endpoint, inbox, titleId }: { endpoint: string; inbox: Inbox; titleId: string }) {
  const start = useQuery(inboxQueries.archiveStart(endpoint, inbox.address));
  const words = decidedWindow(inbox, start.data ?? null);
  return (
    <>
      <Title order={2} fz="lg" id={titleId}>
        {words.title}
      </Title>
      <Text fz="xs" c="dimmed" data-testid="decided-window">
        {words.note}
      </Text>
    </>
  );
}
