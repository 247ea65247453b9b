import { useRef, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { gestureAxis, pullDistance, PULL_MAX, PULL_THRESHOLD, PullToRefreshIndicator, swipeOffset, swipeSettlesOpen, usePullToRefresh, useSwipeReveal } from './touch-gestures';

const touch = (x: number, y: number) => ({ touches: [{ clientX: x, clientY: y }] });

describe('touch gestures', () => {
  it('decides the axis once the finger has moved, and bounds the row and the pull', () => {
    expect(gestureAxis(3, 4)).toBeNull();
    expect(gestureAxis(-30, 5)).toBe('x');
    expect(gestureAxis(4, 40)).toBe('y');
    expect(swipeOffset(0, -500, 168)).toBe(-168);
    expect(swipeOffset(0, 40, 168)).toBe(0);
    expect(swipeSettlesOpen(-100, 168)).toBe(true);
    expect(swipeSettlesOpen(-60, 168)).toBe(false);
    expect(pullDistance(-20)).toBe(0);
    expect(pullDistance(1000)).toBe(PULL_MAX);
  });

  it('a left swipe opens a row, a right swipe closes it, a vertical move does neither', () => {
    function Row() {
      const [open, setOpen] = useState(false);
      const swipe = useSwipeReveal({ open, onOpenChange: setOpen, actionsWidth: 168 });
      return (
        <div data-testid="row" data-open={open} data-offset={swipe.offset} {...swipe.handlers}>
          row
        </div>
      );
    }
    render(<Row />);
    const row = screen.getByTestId('row');
    fireEvent.touchStart(row, touch(300, 20));
    fireEvent.touchMove(row, touch(280, 22));
    fireEvent.touchMove(row, touch(150, 24));
    expect(row.dataset.offset).toBe('-150');
    fireEvent.touchEnd(row, { touches: [] });
    expect(row.dataset.open).toBe('true');
    expect(row.dataset.offset).toBe('-168');

    // A tap on the open row closes it.
    fireEvent.touchStart(row, touch(100, 20));
    fireEvent.touchEnd(row, { touches: [] });
    expect(row.dataset.open).toBe('false');
    fireEvent.touchStart(row, touch(300, 20));
    fireEvent.touchMove(row, touch(280, 22));
    fireEvent.touchMove(row, touch(100, 24));
    fireEvent.touchEnd(row, { touches: [] });
    expect(row.dataset.open).toBe('true');

    fireEvent.touchStart(row, touch(150, 20));
    fireEvent.touchMove(row, touch(170, 20));
    fireEvent.touchMove(row, touch(300, 20));
    fireEvent.touchEnd(row, { touches: [] });
    expect(row.dataset.open).toBe('false');

    fireEvent.touchStart(row, touch(300, 20));
    fireEvent.touchMove(row, touch(290, 80));
    fireEvent.touchMove(row, touch(200, 200));
    fireEvent.touchEnd(row, { touches: [] });
    expect(row.dataset.open).toBe('false');
  });

  it('pulling the list down at its top past the threshold refreshes it', async () => {
    let finish: () => void = () => undefined;
    const onRefresh = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    function List() {
      const ref = useRef<HTMLDivElement>(null);
      const pull = usePullToRefresh(ref, onRefresh);
      return (
        <>
          <PullToRefreshIndicator pull={pull.pull} refreshing={pull.refreshing} />
          <div ref={ref} data-testid="list">
            items
          </div>
        </>
      );
    }
    render(<List />);
    const list = screen.getByTestId('list');
    fireEvent.touchStart(list, touch(100, 100));
    fireEvent.touchMove(list, touch(102, 120));
    fireEvent.touchMove(list, touch(102, 100 + PULL_THRESHOLD * 2 + 10));
    expect(screen.getByTestId('pull-to-refresh')).toHaveTextContent('Release to refresh');
    fireEvent.touchEnd(list, { touches: [] });
    expect(screen.getByTestId('pull-to-refresh')).toHaveTextContent('Refreshing…');
    await act(async () => undefined);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(screen.queryByTestId('pull-to-refresh')).toBeNull();

    // A short pull does nothing.
    fireEvent.touchStart(list, touch(100, 100));
    fireEvent.touchMove(list, touch(100, 140));
    fireEvent.touchEnd(list, { touches: [] });
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});
