import { Group, NativeSelect, Switch, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SortChoice<S extends string> {
  value: S;
  label: string;
}

interface Props<S extends string> {
  sort: S;
  sorts: readonly SortChoice<S>[];
  onSort: (value: S) => void;
  search: string;
  onSearch: (value: string) => void;
  /** E.g. "Find a member by address". */
  searchLabel: string;
  /** Shows every digit of the list's decimals instead of their rounded form. */
  exact?: boolean;
  onExact?: (value: boolean) => void;
  /** More controls (an option filter). */
  children?: ReactNode;
}

/** Sort, address search and other filters above a list; each is one labelled control. */
export function ListToolbar<S extends string>({
  sort,
  sorts,
  onSort,
  search,
  onSearch,
  searchLabel,
  exact,
  onExact,
  children,
}: Props<S>) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label="Sort by"
        size="xs"
        value={sort}
        onChange={(event) => onSort(event.currentTarget.value as S)}
        data={sorts.map((choice) => ({ value: choice.value, label: choice.label }))}
      />
      <TextInput
        label={searchLabel}
        size="xs"
        type="search"
        placeholder="cosmos1… (any part)"
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value.trim().toLowerCase())}
        style={{ flex: '1 1 200px', maxWidth: 360 }}
        spellCheck={false}
        autoComplete="off"
      />
      {children}
      {onExact && (
        <Switch
          size="sm"
          label="Exact decimals"
          checked={exact ?? false}
          onChange={(event) => onExact(event.currentTarget.checked)}
          mb={4}
        />
      )}
    </Group>
  );
}
