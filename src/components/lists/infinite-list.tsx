import { Alert, Box, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

import { collectPages, type Page } from '../../api/pagination.ts';
import { grouped } from '../../lib/format-number.ts';
import { CatchingUpState, EmptyState, ErrorState, LoadingBlock, StaleNote } from '../states/query-states.tsx';
import classes from './infinite-list.module.css';
import { ListRows, type ListColumn } from './list-rows.tsx';

export type { ListColumn } from './list-rows.tsx';

/** What the reader asked to see. It applies to the whole list, which is loaded first when needed. */
export interface ListView<T> {
  filter?: (row: T) => boolean;
  compare?: (a: T, b: T) => number;
  /**
   * Set while the view needs every row (a sort or a filter the API cannot do on the server): the
   * list then loads all its pages, with progress, and says why in these words.
   */
  wholeListReason?: string | null;
}

interface Props<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>>;
  identity: (row: T) => string;
  columns: ListColumn<T>[];
  noun: string;
  empty: ReactNode;
  /** Why the source cannot say "none" yet (an archive catching up), and what the list holds: shown instead of `empty`. */
  waiting?: { reason: string; what: string } | null;
  label: string;
  view?: ListView<T>;
  /** Controls shown above the list (sort, search, filters). */
  toolbar?: ReactNode;
  rowHeight?: number;
}

/** Above this many rows, reading a whole list waits for the reader to confirm (a million members…). */
/** Lists longer than this get a way past them for keyboard readers. */
const SKIPPABLE_ROWS = 10;
const WHOLE_LIST_CONFIRM_ABOVE = 20_000n;

/** "1 vote", "2 votes", "1 policy": the list's plural noun, made singular for one. */
const counted = (count: number | string, noun: string) =>
  `${grouped(String(count))} ${String(count) !== '1' ? noun : noun.replace(/ies$/, 'y').replace(/s$/, '')}`;

function countText(loaded: number, total: string | null, complete: boolean, noun: string): string {
  // A living chain changes while pages load: once complete, the count is what was loaded; before,
  // a total that the list has outgrown is not shown as smaller than what is on screen.
  if (complete) return counted(loaded, noun);
  if (!total) return `${counted(loaded, noun)} loaded`;
  return `${grouped(String(loaded))} of ${counted(BigInt(total) > BigInt(loaded) ? total : String(loaded), noun)}`;
}

/**
 * Every paginated list: pages follow next_key as the user scrolls, rows are virtualised so
 * thousands stay smooth, and a server that hands back the same page again is detected instead of
 * looped on. Keyboard users get "Load more" before the rows (and after them), and scrolling
 * loads nothing by itself while keyboard focus is inside the rows, so the end stays reachable.
 */
export function InfiniteList<T>({
  query,
  identity,
  columns,
  noun,
  empty,
  waiting = null,
  label,
  view,
  toolbar,
  rowHeight = 48,
}: Props<T>) {
  const pages = query.data?.pages;
  const state = useMemo(() => collectPages(pages ?? [], identity), [pages, identity]);
  const { filter, compare, wholeListReason } = view ?? {};
  const sentinelRef = useRef<HTMLDivElement>(null);
  const afterRows = useRef<HTMLSpanElement>(null);
  const [keyboardInside, setKeyboardInside] = useState(false);
  const [longListConfirmed, setLongListConfirmed] = useState(false);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;
  const tooLong = state.total !== null && BigInt(state.total) > WHOLE_LIST_CONFIRM_ABOVE;
  const asksAll = Boolean(wholeListReason);
  const wantsAll = asksAll && (!tooLong || longListConfirmed);
  // A view the reader has not confirmed reading the whole list for is not applied to part of it.
  const applied = !asksAll || wantsAll;
  const rows = useMemo(() => {
    if (!applied) return state.rows;
    const kept = filter ? state.rows.filter(filter) : state.rows;
    return compare ? [...kept].sort(compare) : kept;
  }, [state.rows, filter, compare, applied]);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || isFetchNextPageError || keyboardInside || wantsAll) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, rows.length, keyboardInside, wantsAll]);

  useEffect(() => {
    // The whole list, page after page, while the view needs it.
    if (wantsAll && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
    // Each new page is a reason to look again (a fast page may never show as "fetching").
  }, [wantsAll, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, pages?.length]);

  if (query.isPending) return <LoadingBlock rows={5} label={`Loading ${noun}`} />;
  if (query.isError && !query.data)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} what={label} />;

  const loaded = state.rows.length;
  const complete = !hasNextPage;
  const viewed = applied && (rows.length !== loaded || compare !== undefined);
  const loadingAll = wantsAll && !complete && !isFetchNextPageError;
  const total = state.total && BigInt(state.total) > BigInt(loaded) ? Number(state.total) : loaded;

  return (
    <Stack gap="xs">
      {toolbar}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fz="sm" c="dimmed" data-testid="list-count">
          {countText(loaded, state.total, complete, noun)}
          {applied && filter && rows.length !== loaded && complete ? ` · ${grouped(String(rows.length))} match` : ''}
        </Text>
        {hasNextPage && !isFetchNextPageError && !loadingAll && (
          <Button size="compact-sm" variant="default" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
            Load more
          </Button>
        )}
      </Group>
      {asksAll && !wantsAll && hasNextPage && (
        <Alert
          color="yellow"
          variant="light"
          role="status"
          title={`This needs all ${grouped(state.total ?? '')} ${noun}`}
        >
          <Text fz="sm">
            To {wholeListReason}, every page must be read first, as the API cannot do it on the server: that is{' '}
            {grouped(String(Math.ceil(Number(state.total) / Math.max(1, state.rows.length / (pages?.length ?? 1)))))}{' '}
            requests. The list below is in chain order meanwhile.
          </Text>
          <Button size="xs" mt="xs" variant="default" onClick={() => setLongListConfirmed(true)}>
            Read them all
          </Button>
        </Alert>
      )}
      {loadingAll && (
        <Box role="status" data-testid="whole-list-progress">
          <Text fz="sm">
            Loading all {noun} to {wholeListReason}: {grouped(String(loaded))} of {grouped(String(total))}. The API
            cannot do this on the server, so every page is read.
          </Text>
          <Progress
            value={total > 0 ? (100 * loaded) / total : 0}
            aria-label={`Loaded ${loaded} of ${total} ${noun}`}
            mt={4}
          />
        </Box>
      )}
      {wantsAll && complete && viewed && (
        <Text fz="xs" c="dimmed">
          Applied to all {grouped(String(loaded))} {noun}, loaded in full.
        </Text>
      )}
      {query.isRefetchError && <StaleNote error={query.error} onRetry={() => void query.refetch()} />}
      {state.stalled === 'fell-back-to-offset' && (
        <Alert color="yellow" variant="light" title="This server repeated a page" role="status">
          It answered a pagination key with the first page again (Cosmos SDK nodes do this on /groups). Polity continued
          with offset paging.
        </Alert>
      )}
      {state.stalled === 'stopped' && (
        <Alert color="orange" variant="light" title="Stopped: the server keeps returning the same rows" role="status">
          Its pagination does not advance, so loading stopped here rather than looping.
        </Alert>
      )}
      {rows.length === 0 ? (
        loadingAll ? null : waiting ? (
          <CatchingUpState reason={waiting.reason} what={waiting.what} />
        ) : (
          <EmptyState>{empty}</EmptyState>
        )
      ) : (
        <>
          {rows.length > SKIPPABLE_ROWS && (
            // A row holds links (each a Tab stop): past a few dozen rows, one key gets past them all.
            <button type="button" className={classes.skip} onClick={() => afterRows.current?.focus()}>
              Skip past the {grouped(String(rows.length))} {noun} listed
            </button>
          )}
          <ListRows
            rows={rows}
            columns={columns}
            identity={identity}
            label={label}
            rowCount={filter ? rows.length : total}
            rowHeight={rowHeight}
            onKeyboardFocus={setKeyboardInside}
          />
        </>
      )}
      <div ref={sentinelRef} />
      <span ref={afterRows} tabIndex={-1} data-testid="after-rows" />
      {isFetchNextPageError && (
        <ErrorState error={query.error} onRetry={() => void fetchNextPage()} what={`More ${noun}`} />
      )}
      {hasNextPage && !isFetchNextPageError && !loadingAll && (
        <Group justify="center">
          <Button variant="light" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Load more {noun}
          </Button>
        </Group>
      )}
      {/* Worth saying only after paging: a short list shows its own end. */}
      {complete && rows.length > 0 && (query.data?.pages.length ?? 0) > 1 && (
        <Text fz="xs" c="dimmed" ta="center">
          End of list.
        </Text>
      )}
    </Stack>
  );
}
