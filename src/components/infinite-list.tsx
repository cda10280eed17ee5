import { Alert, Box, Button, Group, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';

import { collectPages, type Page } from '../api/pagination.ts';
import { grouped } from '../lib/format-number.ts';
import classes from './infinite-list.module.css';
import { EmptyState, ErrorState, LoadingBlock, StaleNote } from './query-states.tsx';

interface Column {
  label: string;
  /** A CSS grid track, e.g. "2fr" or "120px". */
  width: string;
}

interface Props<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>>;
  identity: (row: T) => string;
  columns: Column[];
  renderRow: (row: T) => ReactNode[];
  noun: string;
  empty: ReactNode;
  filter?: (row: T) => boolean;
  rowHeight?: number;
  label: string;
}

/**
 * Every paginated list: pages follow next_key as the user scrolls (a sentinel near the end, and a
 * "Load more" button for the keyboard), rows are virtualised so thousands stay smooth, and a
 * server that hands back the same page again is detected instead of looped on.
 */
export function InfiniteList<T>({
  query,
  identity,
  columns,
  renderRow,
  noun,
  empty,
  filter,
  rowHeight = 48,
  label,
}: Props<T>) {
  const pages = query.data?.pages;
  const state = useMemo(() => collectPages(pages ?? [], identity), [pages, identity]);
  const rows = useMemo(() => (filter ? state.rows.filter(filter) : state.rows), [state.rows, filter]);
  const listRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  const ready = pages !== undefined;
  useLayoutEffect(() => {
    // Where the list starts on the page, for window-scroll virtualisation; content above it (a
    // card that loads later, an alert) moves it, so it is measured again whenever the page resizes.
    const list = listRef.current;
    if (!ready || !list) return;
    const measure = () => setMargin(list.getBoundingClientRect().top + window.scrollY);
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ready]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => rowHeight,
    overscan: 12,
    scrollMargin: margin,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, rows.length]);

  if (query.isPending) return <LoadingBlock rows={5} label={`Loading ${noun}`} />;
  if (query.isError && !query.data)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} what={label} />;

  const total = state.total;
  const loaded = state.rows.length;
  // A living chain changes while pages load: once complete, the count is what was loaded; before,
  // a total that the list has outgrown is not shown as smaller than what is on screen.
  const count = !hasNextPage
    ? `${grouped(String(loaded))} ${noun}`
    : total
      ? `${grouped(String(loaded))} of ${grouped(BigInt(total) > BigInt(loaded) ? total : String(loaded))} ${noun}`
      : `${grouped(String(loaded))} ${noun} loaded`;
  const template = columns.map((column) => column.width).join(' ');
  const items = virtualizer.getVirtualItems();

  return (
    <Box>
      <Group justify="space-between" mb="xs">
        <Text fz="sm" c="dimmed" aria-live="polite" data-testid="list-count">
          {count}
          {filter && rows.length !== state.rows.length ? ` · ${grouped(String(rows.length))} match the filter` : ''}
        </Text>
      </Group>
      {query.isRefetchError && <StaleNote error={query.error} onRetry={() => void query.refetch()} />}
      {state.stalled === 'fell-back-to-offset' && (
        <Alert color="yellow" variant="light" mb="xs" title="This server repeated a page" role="status">
          It answered a pagination key with the first page again (Cosmos SDK nodes do this on /groups). Polity continued
          with offset paging.
        </Alert>
      )}
      {state.stalled === 'stopped' && (
        <Alert
          color="orange"
          variant="light"
          mb="xs"
          title="Stopped: the server keeps returning the same rows"
          role="status"
        >
          Its pagination does not advance, so loading stopped here rather than looping.
        </Alert>
      )}
      {rows.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <div
          role="table"
          aria-label={label}
          aria-rowcount={total ? Number(total) : rows.length}
          className={classes.table}
        >
          <div role="row" className={classes.header} style={{ gridTemplateColumns: template }}>
            {columns.map((column) => (
              <div role="columnheader" key={column.label}>
                {column.label}
              </div>
            ))}
          </div>
          <div ref={listRef} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const row = rows[item.index];
              return (
                <div
                  role="row"
                  aria-rowindex={item.index + 2}
                  key={identity(row)}
                  className={classes.row}
                  style={{
                    gridTemplateColumns: template,
                    height: rowHeight,
                    transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
                  }}
                >
                  {renderRow(row).map((cell, i) => (
                    <div role="cell" key={i} className={classes.cell}>
                      {cell}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      )}
      <div ref={sentinelRef} />
      {isFetchNextPageError && (
        <ErrorState error={query.error} onRetry={() => void fetchNextPage()} what={`More ${noun}`} />
      )}
      {hasNextPage && !isFetchNextPageError && (
        <Group justify="center" mt="sm">
          <Button variant="light" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Load more {noun}
          </Button>
        </Group>
      )}
      {!hasNextPage && rows.length > 0 && (
        <Text fz="xs" c="dimmed" ta="center" mt="sm">
          End of list.
        </Text>
      )}
    </Box>
  );
}
