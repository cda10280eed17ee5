import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';

import { useIpfsGateway } from '../hooks/use-ipfs-gateway.ts';
import { checkGateway, storeGateway } from '../lib/chain/ipfs.ts';

/** Where ipfs:// links in metadata open; kept in this browser only. */
export function GatewayForm() {
  const gateway = useIpfsGateway();
  const [value, setValue] = useState(gateway);
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const checked = checkGateway(value);
        if (!checked.ok) return setNote({ error: true, text: checked.reason });
        storeGateway(checked.value);
        setValue(checked.value);
        setNote({
          error: false,
          text: checked.value
            ? `ipfs:// links now open at ${checked.value}/ipfs/…`
            : 'No gateway: ipfs:// links are shown, not opened.',
        });
      }}
    >
      <Stack gap="xs" mt="md">
        <TextInput
          label="IPFS gateway"
          description="Metadata may point to ipfs://… Polity opens such links only through a gateway you choose."
          placeholder="https://gateway.example"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={note?.error ? note.text : undefined}
        />
        {note && !note.error && (
          <div role="status" style={{ fontSize: 'var(--mantine-font-size-xs)' }}>
            {note.text}
          </div>
        )}
        <Group gap="xs">
          <Button type="submit" size="xs" variant="default">
            Save gateway
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
