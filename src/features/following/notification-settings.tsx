import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';

import { enableNotifications, notificationPermission, startWatching } from './start-watching.ts';
import { useFollowed } from './use-followed.ts';

type Permission = ReturnType<typeof notificationPermission>;

const STATES: Record<Permission, { title: string; text: string; color: string }> = {
  granted: {
    title: 'Notifications are on',
    text: 'This browser shows Polity’s notifications.',
    color: 'teal',
  },
  default: {
    title: 'Notifications are off',
    text: 'Polity has not asked to notify you. It asks only when you press the button.',
    color: 'gray',
  },
  denied: {
    title: 'Notifications are blocked',
    text: 'This browser blocks notifications from this site. Allow them in the site’s settings (the icon left of the address), then reload.',
    color: 'yellow',
  },
  unsupported: {
    title: 'No notifications in this browser',
    text: 'It has no notification API; the list below still shows where each item stands.',
    color: 'gray',
  },
};

/** Whether notifications are allowed, a button to allow them, and when they come. */
export function NotificationSettings() {
  const [permission, setPermission] = useState<Permission>(notificationPermission);
  const [asking, setAsking] = useState(false);
  const followed = useFollowed();
  const anything = followed.status === 'ok' && followed.items.length > 0;
  // Allowed or blocked in the browser's own settings meanwhile: read again when the reader returns.
  useEffect(() => {
    const reread = () => setPermission(notificationPermission());
    window.addEventListener('focus', reread);
    return () => window.removeEventListener('focus', reread);
  }, []);
  useEffect(() => {
    if (anything) startWatching();
  }, [anything]);
  const enable = async () => {
    setAsking(true);
    try {
      setPermission(await enableNotifications());
    } finally {
      setAsking(false);
    }
  };
  const state = STATES[permission];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="notifications-heading">
      <Stack gap="xs" align="flex-start">
        <Title order={2} fz="lg" id="notifications-heading">
          Notifications
        </Title>
        <Alert color={state.color} variant="light" title={state.title} role="status" w="100%" data-testid="permission">
          <Text fz="sm">{state.text}</Text>
        </Alert>
        {permission === 'default' && (
          <Button onClick={() => void enable()} loading={asking}>
            Enable notifications
          </Button>
        )}
        <Text fz="sm" fw={600}>
          Notifications arrive only while a Polity tab is open, on any page, even in the background; with several tabs
          open, one of them notifies.
        </Text>
        <Text fz="sm" c="dimmed">
          Polity notifies when a proposal opens in a followed group or policy, or is submitted by a followed voter; when
          a followed proposal, or one in a followed group or policy, has 24 hours and then 1 hour of voting left; and
          when it is decided (accepted, rejected, withdrawn or aborted). Endpoints without an archive are not watched.
        </Text>
      </Stack>
    </Paper>
  );
}
