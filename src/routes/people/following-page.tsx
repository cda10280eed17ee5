import { Stack } from '@mantine/core';

import { PageTitle } from '../../components/page/page-title.tsx';
import { FollowedList } from '../../features/following/followed-list.tsx';
import { NotificationSettings } from '../../features/following/notification-settings.tsx';
import { useEndpoint } from '../../hooks/use-endpoint.ts';

/** What this browser follows, where each item stands, and whether Polity may notify. */
export function Component() {
  const endpoint = useEndpoint();
  return (
    <Stack gap="lg">
      <PageTitle kicker="In this browser" title="Following" docTitle="Following" />
      <NotificationSettings />
      <FollowedList endpoint={endpoint} />
    </Stack>
  );
}
