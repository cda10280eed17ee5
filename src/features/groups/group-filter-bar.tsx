import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { groupFilterFrom } from './group-filter.ts';

type FilterMode = 'all' | 'admin' | 'member';

/** All groups, or those of an admin or member address: written to the URL (?admin= or ?member=) on submit. */
export function GroupFilterBar() {
  const [search, setSearch] = useSearchParams();
  const { error } = groupFilterFrom(search);
  const [mode, setMode] = useState<FilterMode>(search.has('admin') ? 'admin' : search.has('member') ? 'member' : 'all');
  const [input, setInput] = useState(search.get('admin') ?? search.get('member') ?? '');

  const apply = (by: FilterMode, value: string) => {
    const next = new URLSearchParams(search);
    next.delete('admin');
    next.delete('member');
    if (by !== 'all' && value.trim()) next.set(by, value.trim());
    setSearch(next);
  };

  return (
    <Group align="flex-end">
      <SegmentedControl
        value={mode}
        onChange={(value) => {
          setMode(value as FilterMode);
          if (value === 'all') apply('all', '');
        }}
        data={[
          { label: 'All groups', value: 'all' },
          { label: 'By admin', value: 'admin' },
          { label: 'By member', value: 'member' },
        ]}
        aria-label="Filter groups"
      />
      {mode !== 'all' && (
        <form
          onSubmit={(ev) => {
            ev.preventDefault();
            apply(mode, input);
          }}
          style={{ flex: 1, minWidth: 280 }}
        >
          <TextInput
            label={mode === 'admin' ? 'Admin address' : 'Member address'}
            placeholder="cosmos1…"
            value={input}
            onChange={(ev) => setInput(ev.currentTarget.value)}
            error={error}
          />
        </form>
      )}
    </Group>
  );
}
