import { Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

import classes from './upgrades.module.css';

export interface StackedColumn<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** Heights: monospace, one line. */
  numeric?: boolean;
  /** A long value (JSON): at most this wide in a table; on a card, the whole width under its name. */
  wide?: number;
}

/**
 * A table on wide screens; on narrow ones a list of cards, the first column as each card's title
 * and every other value under its column's name, so nothing is cut off or scrolls sideways.
 */
export function StackedTable<T>({
  rows,
  columns,
  rowKey,
  labelledBy,
  testId,
  stackBelow = '48em',
}: {
  rows: readonly T[];
  columns: readonly StackedColumn<T>[];
  rowKey: (row: T) => string;
  /** The id of the heading that names the table. */
  labelledBy: string;
  testId: string;
  /** The viewport width below which the table does not fit (a phone's, for most): rows become cards. */
  stackBelow?: string;
}) {
  const stacked = useMediaQuery(`(max-width: ${stackBelow})`, false, { getInitialValueInEffect: false });
  const [title, ...rest] = columns;
  if (stacked)
    return (
      <ul className={classes.stacked} aria-labelledby={labelledBy} data-testid={testId} data-layout="stacked">
        {rows.map((row) => (
          <li key={rowKey(row)} className={classes.stackedItem}>
            <Text fw={600}>{title.cell(row)}</Text>
            <dl className={classes.stackedFields}>
              {rest.map((column) => (
                <div key={column.label} style={{ display: 'contents' }}>
                  <dt data-wide={column.wide ? '' : undefined}>{column.label}</dt>
                  <dd
                    data-wide={column.wide ? '' : undefined}
                    style={column.numeric ? { fontFamily: 'var(--mantine-font-family-monospace)' } : undefined}
                  >
                    {column.cell(row)}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  return (
    <Table striped aria-labelledby={labelledBy} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.label}>{column.label}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => (
              <Table.Td
                key={column.label}
                ff={column.numeric ? 'monospace' : undefined}
                style={
                  column.numeric
                    ? { whiteSpace: 'nowrap' }
                    : column.wide
                      ? { maxWidth: column.wide, overflowWrap: 'anywhere' }
                      : undefined
                }
              >
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
