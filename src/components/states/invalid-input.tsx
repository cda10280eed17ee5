import { Alert, Stack, Text } from '@mantine/core';

import { AppLink } from '../page/app-link.tsx';
import { PageTitle } from '../page/page-title.tsx';

/** A page address that cannot be right, said without sending any request; the title is the page's h1. */
export function InvalidInput({ title, reason }: { title: string; reason: string }) {
  return (
    <Stack gap="md">
      <PageTitle title={title} docTitle={title} />
      <Alert color="yellow" role="alert">
        <Text fz="sm">{reason}</Text>
        <AppLink to="/" fz="sm">
          Back to the overview
        </AppLink>
      </Alert>
    </Stack>
  );
}
