import { Modal } from '@mantine/core';

import { EndpointForm } from './endpoint-form.tsx';
import { GatewayForm } from './gateway-form.tsx';

export function EndpointDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    // The close button is an icon: it needs a name for screen readers.
    <Modal opened={opened} onClose={onClose} title="Which chain to read" closeButtonProps={{ 'aria-label': 'Close' }}>
      {/* Mounted while open only: each opening starts without the last check's verdict. */}
      {opened && <EndpointForm />}
      <GatewayForm />
    </Modal>
  );
}
