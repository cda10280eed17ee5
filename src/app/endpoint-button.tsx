import { Button, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

import { useEndpoint } from '../hooks/use-endpoint.ts';
import { endpointLabel } from '../lib/endpoint.ts';

// The dialog (and the modal machinery it needs) loads on first use, keeping it off the first page.
const EndpointDialog = lazy(() =>
  import('./endpoint-dialog.tsx').then((module) => ({ default: module.EndpointDialog })),
);

export function EndpointButton() {
  const label = endpointLabel(useEndpoint());
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="default"
        size="xs"
        onClick={() => {
          setWanted(true);
          setOpened(true);
        }}
        aria-label={`Chain endpoint: ${label}. Change`}
        data-testid="endpoint-button"
      >
        <Text span fz="xs" truncate maw={{ base: 110, sm: 220 }}>
          Chain: {label}
        </Text>
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <EndpointDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
