import { Modal } from '@mantine/core';

import { EndpointForm } from './endpoint-form.tsx';

export function EndpointDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Which chain to read">
      <EndpointForm onDone={onClose} />
    </Modal>
  );
}
