import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last resort for errors no page handled (for example a code chunk that failed to load). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <Container size="sm" py="xl" component="main">
      <Title order={1} fz={24} mb="md">
        This page could not be shown
      </Title>
      <Alert color="red" role="alert">
        <Stack gap="sm">
          <Text fz="sm">{message}</Text>
          <Button size="xs" variant="light" onClick={() => window.location.reload()} w="fit-content">
            Reload
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
