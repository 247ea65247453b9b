import { useEffect, useImperativeHandle, useState, type ReactNode, type Ref, type RefObject } from 'react';

/** One row of the library's list or grid (a grid row holds several cards), placed by its index. */
export interface LibraryRow {
  index: number;
  start: number;
  size: number;
}

/** What the library asks of whichever component places its rows. */
export interface LibraryRowsProps {
  count: number;
  /** Every row has this height (CSS px): a list row or a grid row of cards. */
  rowSize: number;
  scroller: RefObject<HTMLDivElement | null>;
  /** Rows drawn beyond the view on each side, and how far ahead "near the end" looks. */
  overscan: number;
  renderRow(row: LibraryRow): ReactNode;
  /**
   * Asks for the next page: called when the last row drawn or about to be (the view's end plus
   * `overscan`) is within NEAR_END_ROWS of the last row loaded. Absent when everything is loaded.
   */
  onNearEnd?: () => void;
  handle?: Ref<LibraryRowsHandle>;
}

export interface LibraryRowsHandle {
  /** Brings a row into view before it is focused; a row that is always in the DOM needs nothing. */
  scrollToRow(index: number): void;
}

/**
 * Up to this many rows, every row is in the DOM and no windowing code is fetched: 40 rows of
 * 88 px are ~4 phone screens, cheap to lay out (thumbnails are `loading="lazy"`), and a library of
 * that size is what most people have. Longer lists are windowed by @tanstack/react-virtual, whose
 * ~10 KB gzip used to travel before the first row of every library (issue 24, ADR 0496).
 */
export const PLAIN_ROWS_MAX = 40;

type VirtualRowsModule = typeof import('./virtual-rows');
let virtualRowsModule: VirtualRowsModule | undefined;
let virtualRowsLoad: Promise<VirtualRowsModule> | undefined;

function loadVirtualRows(): Promise<VirtualRowsModule> {
  virtualRowsLoad ??= import(/* webpackChunkName: "library-virtual-rows" */ './virtual-rows').then(
    (loaded) => (virtualRowsModule = loaded),
    (error: unknown) => {
      virtualRowsLoad = undefined; // the next long list asks again
      throw error;
    },
  );
  return virtualRowsLoad;
}

/**
 * The library's rows: all of them while the list is short, a window of them once it is long.
 * While the windowing code is on its way (or if it could not be fetched, e.g. offline before it
 * was ever cached) every row is drawn, in the same places: slower for a very long list, never
 * a missing row.
 */
export function LibraryRows(props: LibraryRowsProps) {
  const windowed = props.count > PLAIN_ROWS_MAX;
  const [virtual, setVirtual] = useState<VirtualRowsModule | undefined>(virtualRowsModule);
  useEffect(() => {
    if (!windowed || virtual) return undefined;
    let live = true;
    loadVirtualRows().then(
      (loaded) => live && setVirtual(loaded),
      (error: unknown) => console.warn('The library draws every row: its windowing code could not be fetched', error),
    );
    return () => {
      live = false;
    };
  }, [windowed, virtual]);
  if (windowed && virtual) return <virtual.VirtualRows {...props} />;
  return <AllRows {...props} />;
}

/** How close (in rows) the last row drawn comes to the end of what is loaded before the next page is asked for. */
export const NEAR_END_ROWS = 8;

/** Whether `lastRow`, the last row drawn or about to be, is near the end of the `count` rows loaded. */
export function isNearEnd(lastRow: number, count: number): boolean {
  return lastRow >= count - NEAR_END_ROWS;
}

/** The last row within `overscan` rows of the scroller's visible end. */
export function lastRowNearView(scrollTop: number, viewHeight: number, rowSize: number, overscan: number, count: number): number {
  if (count === 0) return 0;
  return Math.min(count - 1, Math.ceil((scrollTop + viewHeight) / rowSize) - 1 + overscan);
}

function AllRows({ count, rowSize, scroller, overscan, renderRow, onNearEnd, handle }: LibraryRowsProps) {
  // Every row is in the DOM: focusing one scrolls it into view.
  useImperativeHandle(handle, () => ({ scrollToRow: () => undefined }), []);
  useEffect(() => {
    const element = scroller.current;
    if (!element || !onNearEnd) return undefined;
    // Asked again when the last row near the view changes, not on every scroll event within a row.
    let lastRow = -1;
    const check = () => {
      const last = lastRowNearView(element.scrollTop, element.clientHeight, rowSize, overscan, count);
      if (last === lastRow) return;
      lastRow = last;
      if (isNearEnd(last, count)) onNearEnd();
    };
    check();
    element.addEventListener('scroll', check, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(check);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', check);
      observer?.disconnect();
    };
  }, [scroller, rowSize, overscan, count, onNearEnd]);
  return <>{Array.from({ length: count }, (_, index) => renderRow({ index, start: index * rowSize, size: rowSize }))}</>;
}
