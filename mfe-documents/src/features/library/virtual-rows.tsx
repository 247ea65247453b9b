import { useEffect, useImperativeHandle } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { isNearEnd, type LibraryRowsProps } from './library-rows';

/**
 * A long library, windowed: only the rows in view (and `overscan` either side) are in the DOM, so
 * 10,000 documents scroll as smoothly as 10. Fetched only for a list longer than PLAIN_ROWS_MAX.
 */
export function VirtualRows({ count, rowSize, scroller, overscan, renderRow, onNearEnd, handle }: LibraryRowsProps) {
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scroller.current, estimateSize: () => rowSize, overscan });
  const rows = virtualizer.getVirtualItems();
  const last = rows.length > 0 ? rows[rows.length - 1].index : 0;

  useEffect(() => {
    virtualizer.measure(); // the view changed between list and grid: every row has a new size
  }, [rowSize, virtualizer]);
  useEffect(() => {
    if (onNearEnd && isNearEnd(last, count)) onNearEnd();
  }, [last, count, onNearEnd]);
  useImperativeHandle(handle, () => ({ scrollToRow: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }) }), [virtualizer]);

  return <>{rows.map((row) => renderRow({ index: row.index, start: row.start, size: row.size }))}</>;
}
