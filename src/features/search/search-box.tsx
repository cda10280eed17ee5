import { Button, Group, Loader, Stack, TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';

import { useEndpoint } from '../../hooks/use-endpoint.ts';
import { withEndpoint } from '../../lib/endpoint.ts';
import { parseSearch, type SearchQuery } from '../../lib/search-query.ts';

// Results appear only once someone searches: their code is not part of the page's first load.
const NumberChoices = lazy(() => import('./search-results.tsx').then((module) => ({ default: module.NumberChoices })));
const WordResults = lazy(() => import('./search-results.tsx').then((module) => ({ default: module.WordResults })));

/** Where a query goes at once, when it names one thing. */
function directTarget(query: SearchQuery): string | null {
  if (query.kind === 'group') return `/groups/${query.id}`;
  if (query.kind === 'proposal') return `/proposals/${query.id}`;
  if (query.kind === 'address') return query.policy ? `/policies/${query.address}` : `/voters/${query.address}`;
  return null;
}

export function SearchBox() {
  const navigate = useNavigate();
  const endpoint = useEndpoint();
  const [value, setValue] = useState('');
  const [result, setResult] = useState<SearchQuery | null>(null);
  const submit = () => {
    const query = parseSearch(value);
    const to = directTarget(query);
    if (to) navigate(withEndpoint(to, endpoint));
    else setResult(query);
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
            aria-label="Search by group id, proposal id, address or words"
            placeholder="#12, p12, cosmos1… or words"
            value={value}
            onChange={(ev) => {
              setValue(ev.currentTarget.value);
              setResult(null);
            }}
            error={result?.kind === 'invalid' ? result.message : undefined}
          />
          <Button size="md" type="submit">
            Go
          </Button>
        </Group>
        <Suspense fallback={result ? <Loader size="sm" aria-label="Loading results" /> : null}>
          {result?.kind === 'number' && <NumberChoices endpoint={endpoint} id={result.id} />}
          {result?.kind === 'words' && <WordResults endpoint={endpoint} text={result.text} words={result.words} />}
        </Suspense>
      </Stack>
    </form>
  );
}
