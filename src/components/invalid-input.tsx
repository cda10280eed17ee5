import { Alert, Text } from '@mantine/core';

import { AppLink } from './app-link.tsx';

/** A page address that cannot be right; said without sending any request. */
export function InvalidInput({ title, reason }: { title: string; reason: string }) {
  return (
    <Alert color="yellow" title={title} role="alert">
      <Text fz="sm">{reason}</Text>
      <AppLink to="/" fz="sm">
        Back to the overview
      </AppLink>
    </Alert>
  );
}
