import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

import { useEndpoint } from '../hooks/use-endpoint.ts';
import { endpointLabel } from '../lib/endpoint.ts';
import classes from './endpoint-button.module.css';

// The dialog (and the modal machinery it needs) loads on first use, keeping it off the first page.
const EndpointDialog = lazy(() =>
  import('./endpoint-dialog.tsx').then((module) => ({ default: module.EndpointDialog })),
);

/**
 * Opens the endpoint picker. Its name is its visible text ("Chain: this server"), on phones too,
 * where a long endpoint is cut with an ellipsis (whole in its title). An https address is shown
 * without its scheme: the host is what tells chains apart.
 */
export function EndpointButton() {
  const label = endpointLabel(useEndpoint());
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="default"
        size="compact-sm"
        onClick={() => {
          setWanted(true);
          setOpened(true);
        }}
        title={`Which chain to read (now: ${label})`}
        data-testid="endpoint-button"
        classNames={{ label: classes.label }}
      >
        Chain:&nbsp;<span className={classes.target}>{label.replace(/^https:\/\//, '')}</span>
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <EndpointDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
