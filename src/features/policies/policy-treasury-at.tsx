import { Button, Group, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { errorInWords } from '../../components/states/query-states.tsx';
import { baseCoinsText, coinsText, sumCoins } from '../../domain/treasury.ts';
import { denomUnitsQuery } from '../../hooks/shared-queries.ts';
import { grouped } from '../../lib/format-number.ts';

// What a policy held after a block an auditor names: x/bank's balances read pinned to that height,
// as the node keeps it (a pruning node keeps only recent states, and says so).

const UINT64 = /^[1-9]\d{0,19}$/;

const balancesAt = (endpoint: string, address: string, height: string | null) => ({
  queryKey: ['api', endpoint, 'policies', 'balances', address, 'at', height],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    import('../../api/treasury/bank.ts').then((bank) =>
      bank.getBalances(endpoint, address, { signal, height: height ?? undefined }),
    ),
  enabled: height !== null,
  staleTime: Infinity,
  retry: false,
});

export function PolicyTreasuryAt({ endpoint, address }: { endpoint: string; address: string }) {
  const [text, setText] = useState('');
  const [height, setHeight] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const held = useQuery(balancesAt(endpoint, address, height));
  const units = useQuery(denomUnitsQuery(endpoint)).data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = text.trim().replaceAll(',', '');
    if (!UINT64.test(wanted)) {
      setProblem('A height is a whole number of blocks, such as 518402.');
      return;
    }
    setProblem(null);
    setHeight(BigInt(wanted).toString());
  };
  return (
    <form onSubmit={submit} aria-label="What it held at a height">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          size="xs"
          label="Held after block"
          placeholder="height"
          inputMode="numeric"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={problem}
          w={160}
        />
        <Button size="xs" variant="light" type="submit">
          Show
        </Button>
      </Group>
      {height !== null && (
        <Text fz="sm" mt={4} data-testid="policy-treasury-at" role="status">
          {held.data && units ? (
            <>
              After block {grouped(height)} it held{' '}
              <span title={baseCoinsText(sumCoins([held.data]))}>{coinsText(sumCoins([held.data]), units)}</span>.
            </>
          ) : held.isError ? (
            `${errorInWords(held.error, `Its balance at height ${grouped(height)}`, endpoint)}.`
          ) : (
            `Reading what it held after block ${grouped(height)}…`
          )}
        </Text>
      )}
    </form>
  );
}
