import { Modal } from '@mantine/core';

import { EndpointForm } from './endpoint-form.tsx';
import { GatewayForm } from './gateway-form.tsx';

/**
 * The Chain dialog. Built from Modal's parts so its title bar is not a second banner landmark:
 * Mantine draws it as a <header>, which outside a section is the page's banner to a screen reader.
 */
export function EndpointDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal.Root opened={opened} onClose={onClose}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="none">
          <Modal.Title>Which chain to read</Modal.Title>
          {/* The close button is an icon: it needs a name for screen readers. */}
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          {/* Mounted while open only: each opening starts without the last check's verdict. */}
          {opened && <EndpointForm />}
          <GatewayForm />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
