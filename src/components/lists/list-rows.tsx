import { useMediaQuery } from '@mantine/hooks';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

import classes from './infinite-list.module.css';

export interface ListColumn<T> {
  label: string;
  /** A CSS grid track on wide screens, e.g. "2fr" or "120px". */
  width: string;
  cell: (row: T) => ReactNode;
  /** On phones this value takes the card's whole width (an address, a time: they need it). */
  wide?: boolean;
}

/** Below this width rows become cards: every value beside its column's name, none cut off. */
const PHONE_QUERY = '(max-width: 40em)';

/** The grid's gap between columns and its padding on each side (--mantine-spacing-sm), and its border. */
const GAP_PX = 12;
const BORDERS_PX = 2;

/**
 * The narrowest the grid can be with every column at its minimum (the px of "120px" or of
 * "minmax(200px, 3fr)"; "2fr" has none). Narrower, the last columns would be cut off at the
 * list's edge (a 700 px window showed a voter's five columns without their last one).
 */
export function gridMinWidth(columns: { width: string }[]): number {
  const tracks = columns.map((column) => Number(/^(?:minmax\(\s*)?(\d+(?:\.\d+)?)px/.exec(column.width)?.[1] ?? 0));
  return tracks.reduce((sum, track) => sum + track, 0) + GAP_PX * (columns.length + 1) + BORDERS_PX;
}

/** Whether the element is narrower than `minWidth`; false while it has no width (not laid out). */
function useNarrowerThan(ref: RefObject<HTMLElement | null>, minWidth: number): boolean {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const width = element.getBoundingClientRect().width;
      setNarrow(width > 0 && width < minWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, minWidth]);
  return narrow;
}

interface Props<T> {
  rows: T[];
  columns: ListColumn<T>[];
  identity: (row: T) => string;
  label: string;
  /** The list's full length when known (for aria-rowcount), else the rows given. */
  rowCount: number;
  /** Expected row height on wide screens; rows are measured once drawn. */
  rowHeight: number;
  /** Tells the list whether keyboard focus is inside the rows (auto-loading waits meanwhile). */
  onKeyboardFocus: (inside: boolean) => void;
}

/**
 * The rows of a list as an ARIA table, virtualised against the window so thousands stay smooth.
 * Wide screens get a grid with one line per row; phones get a card per row, each value under
 * its column's name. Cells wrap instead of clipping, and rows are measured, so nothing is cut.
 */
export function ListRows<T>({ rows, columns, identity, label, rowCount, rowHeight, onKeyboardFocus }: Props<T>) {
  const tableRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // Cards on phones, and wherever the columns do not fit side by side (a tablet, a narrow window).
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const tooNarrow = useNarrowerThan(tableRef, gridMinWidth(columns));
  const cards = phone || tooNarrow;
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    // Where the list starts on the page, for window-scroll virtualisation; content above it (a
    // card that loads later, an alert) moves it, so it is measured again whenever the page resizes.
    const body = bodyRef.current;
    if (!body) return;
    const measure = () => setMargin(body.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const estimate = cards ? 36 + 28 * Math.ceil((columns.length - 1) / 2) : rowHeight;
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => estimate,
    // A row not laid out (a test's DOM, a hidden tab) measures 0: it keeps its estimate instead.
    measureElement: (element) => element.getBoundingClientRect().height || estimate,
    overscan: 12,
    scrollMargin: margin,
    getItemKey: (index) => identity(rows[index]),
  });
  useEffect(() => virtualizer.measure(), [cards, virtualizer]);
  const template = columns.map((column) => column.width).join(' ');
  const [title, ...fields] = columns;
  return (
    <div
      role="table"
      ref={tableRef}
      aria-label={label}
      aria-rowcount={rowCount + 1}
      className={classes.table}
      data-layout={cards ? 'cards' : 'grid'}
      onFocus={(event) => onKeyboardFocus(event.target.matches(':focus-visible'))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onKeyboardFocus(false);
      }}
    >
      <div role="row" aria-rowindex={1} className={classes.header} style={{ gridTemplateColumns: template }}>
        {columns.map((column) => (
          <div role="columnheader" key={column.label}>
            {column.label}
          </div>
        ))}
      </div>
      <div ref={bodyRef} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          return (
            <div
              role="row"
              aria-rowindex={item.index + 2}
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={classes.row}
              style={{
                gridTemplateColumns: cards ? undefined : template,
                minHeight: cards ? undefined : rowHeight,
                transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              <div role="cell" className={classes.cell} data-list-cell>
                {title.cell(row)}
              </div>
              {fields.map((column) => (
                <div
                  role="cell"
                  key={column.label}
                  className={classes.cell}
                  data-list-cell
                  data-wide={column.wide || undefined}
                >
                  {cards && (
                    <span className={classes.fieldLabel} aria-hidden>
                      {column.label}
                    </span>
                  )}
                  {column.cell(row)}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
