import { Button } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';

import { useEndpoint } from '../hooks/use-endpoint.ts';
import { useServedChain } from '../hooks/use-served-chains.ts';
import { endpointLabel } from '../lib/chain/endpoint.ts';
import classes from './endpoint-button.module.css';

// The dialog (and the modal machinery it needs) loads on first use, keeping it off the first page.
const EndpointDialog = lazy(() =>
  import('./endpoint-dialog.tsx').then((module) => ({ default: module.EndpointDialog })),
);

/**
 * Opens the Chain picker. Its name is its visible text ("Chain: Regen"), on phones too,
 * where a long endpoint is cut with an ellipsis (whole in its title). An https address is shown
 * without its scheme: the host is what tells chains apart.
 */
export function EndpointButton() {
  const endpoint = useEndpoint();
  const chain = useServedChain(endpoint);
  // A chain this server serves is named by its name; any other endpoint by its address.
  const label = chain ? chain.prettyName : endpointLabel(endpoint);
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The dialog loads on first use and mounts already open, so Modal never saw what had focus
  // before it: focus goes back to this button itself, never to the page's body.
  const close = () => {
    setOpened(false);
    window.setTimeout(() => button.current?.focus(), 0);
  };
  return (
    <>
      <Button
        ref={button}
        variant="default"
        size="compact-sm"
        onClick={() => {
          setWanted(true);
          setOpened(true);
        }}
        title={`Which chain to read (now: ${label}${chain?.chainId ? `, ${chain.chainId}` : ''})`}
        data-testid="endpoint-button"
        classNames={{ label: classes.label }}
      >
        Chain:&nbsp;<span className={classes.target}>{label.replace(/^https:\/\//, '')}</span>
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <EndpointDialog opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
