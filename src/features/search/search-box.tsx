import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { useEndpoint } from '../../hooks/use-endpoint.ts';
import { withEndpoint } from '../../lib/endpoint.ts';
import { searchTarget, type SearchTarget } from '../../lib/search-target.ts';

export function SearchBox() {
  const navigate = useNavigate();
  const endpoint = useEndpoint();
  const [value, setValue] = useState('');
  const [result, setResult] = useState<SearchTarget | null>(null);
  const submit = () => {
    const target = searchTarget(value);
    if (target.kind === 'go') navigate(withEndpoint(target.to, endpoint));
    else setResult(target);
  };
  return (
    <form
      onSubmit={(ev) => {
        ev.preventDefault();
        submit();
      }}
      role="search"
    >
      <Stack gap={6}>
        <Group align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            size="md"
            aria-label="Search by group id, proposal id or address"
            placeholder="Group id, proposal id (p12) or cosmos1… address"
            value={value}
            onChange={(ev) => {
              setValue(ev.currentTarget.value);
              setResult(null);
            }}
            error={result?.kind === 'error' ? result.message : undefined}
          />
          <Button size="md" type="submit">
            Go
          </Button>
        </Group>
        {result?.kind === 'choose' && (
          <Group gap="xs">
            <Text fz="sm">Which one?</Text>
            {result.options.map((option) => (
              <Button
                key={option.to}
                size="xs"
                variant="light"
                onClick={() => navigate(withEndpoint(option.to, endpoint))}
              >
                {option.label}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </form>
  );
}
