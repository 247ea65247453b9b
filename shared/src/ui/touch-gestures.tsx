import { useCallback, useEffect, useRef, useState, type RefObject, type TouchEvent as ReactTouchEvent } from 'react';

/**
 * Two phone gestures on touch events, no library (docs/decisions/0190-swipe-and-pull-on-touch-events.md):
 * swipe a row left to reveal its quick actions, pull a list down at its top to refresh it.
 * Touch events, not pointer events: a vertical pan on a `touch-action: pan-y` list cancels the
 * pointer stream (pointercancel) as soon as the browser scrolls, while touchmove keeps coming.
 * Mouse and keyboard users get the same actions elsewhere (the document panel, bulk actions).
 */

/** Movement (px) before a touch counts as a gesture and its axis is decided. */
const SLOP = 8;

export type Axis = 'x' | 'y' | null;

/** Decides, once, whether a touch is a horizontal or vertical gesture. */
export function gestureAxis(dx: number, dy: number): Axis {
  if (Math.abs(dx) < SLOP && Math.abs(dy) < SLOP) return null;
  return Math.abs(dx) > Math.abs(dy) ? 'x' : 'y';
}

/** Where a row sits while dragged: from its resting place, never right of 0 nor past its actions. */
export function swipeOffset(base: number, dx: number, actionsWidth: number): number {
  return Math.max(-actionsWidth, Math.min(0, base + dx));
}

/** Whether a row let go at `offset` rests open (actions shown): past half of the actions' width. */
export function swipeSettlesOpen(offset: number, actionsWidth: number): boolean {
  return offset < -actionsWidth / 2;
}

/**
 * A row that slides left under the finger to reveal `actionsWidth` px of actions. The caller keeps
 * which row is open (one at a time) through `open`/`onOpenChange`.
 */
export function useSwipeReveal({ open, onOpenChange, actionsWidth }: { open: boolean; onOpenChange: (open: boolean) => void; actionsWidth: number }) {
  const start = useRef<{ x: number; y: number; axis: Axis; base: number } | null>(null);
  const [drag, setDrag] = useState<number | null>(null);
  /** True just after a tap closed the row: the click that follows the tap is swallowed. */
  const closedByTap = useRef(false);
  const offset = drag ?? (open ? -actionsWidth : 0);

  const onTouchStart = useCallback(
    (event: ReactTouchEvent) => {
      const touch = event.touches[0];
      if (!touch || event.touches.length > 1) return;
      start.current = { x: touch.clientX, y: touch.clientY, axis: null, base: open ? -actionsWidth : 0 };
    },
    [open, actionsWidth],
  );
  const onTouchMove = useCallback(
    (event: ReactTouchEvent) => {
      const from = start.current;
      const touch = event.touches[0];
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      from.axis ??= gestureAxis(dx, touch.clientY - from.y);
      if (from.axis === 'x') setDrag(swipeOffset(from.base, dx, actionsWidth));
    },
    [actionsWidth],
  );
  const onTouchEnd = useCallback(() => {
    const from = start.current;
    start.current = null;
    setDrag(null);
    // A tap on an open row closes it (and its click is not taken as "open the document").
    if (from && from.axis === null && open) {
      closedByTap.current = true;
      setTimeout(() => (closedByTap.current = false), 600);
      onOpenChange(false);
      return;
    }
    if (!from || from.axis !== 'x' || drag === null) return;
    onOpenChange(swipeSettlesOpen(drag, actionsWidth));
  }, [drag, open, actionsWidth, onOpenChange]);

  return {
    offset,
    closedByTap,
    dragging: drag !== null,
    handlers: { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel: onTouchEnd },
  };
}

/** How far (px) the indicator follows the finger, and the pull that refreshes when let go. */
export const PULL_MAX = 96;
export const PULL_THRESHOLD = 64;

/** The indicator's height for a finger `dy` px below where it started (resisting, like iOS). */
export function pullDistance(dy: number): number {
  return dy <= 0 ? 0 : Math.min(PULL_MAX, dy * 0.5);
}

/**
 * Pull to refresh on a scrolling element: a touch that starts with the list at its top and moves
 * down shows the indicator; let go past the threshold and `onRefresh` runs (the indicator says
 * "Refreshing…" until it settles).
 */
export function usePullToRefresh(scroller: RefObject<HTMLElement | null>, onRefresh: () => Promise<unknown>, enabled = true) {
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;
  const busy = useRef(false);

  useEffect(() => {
    const element = scroller.current;
    if (!element || !enabled) return undefined;
    let from: { x: number; y: number; axis: Axis } | null = null;
    let distance = 0;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      from = touch && event.touches.length === 1 && element.scrollTop <= 0 && !busy.current ? { x: touch.clientX, y: touch.clientY, axis: null } : null;
      distance = 0;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!from || !touch) return;
      const dy = touch.clientY - from.y;
      from.axis ??= gestureAxis(touch.clientX - from.x, dy);
      if (from.axis !== 'y' || element.scrollTop > 0) return;
      distance = pullDistance(dy);
      setPull(distance);
    };
    const onEnd = () => {
      const pulled = from?.axis === 'y' && distance >= PULL_THRESHOLD;
      from = null;
      distance = 0;
      setPull(0);
      if (!pulled || busy.current) return;
      busy.current = true;
      setRefreshing(true);
      void Promise.resolve()
        .then(() => refresh.current())
        .catch(() => undefined)
        .finally(() => {
          busy.current = false;
          setRefreshing(false);
        });
    };
    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: true });
    element.addEventListener('touchend', onEnd);
    element.addEventListener('touchcancel', onEnd);
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onEnd);
    };
  }, [scroller, enabled]);

  return { pull, refreshing };
}

/** The pull-to-refresh indicator above a list (renders nothing at rest). */
export function PullToRefreshIndicator({ pull, refreshing }: { pull: number; refreshing: boolean }) {
  if (pull <= 0 && !refreshing) return null;
  const text = refreshing ? 'Refreshing…' : pull >= PULL_THRESHOLD ? 'Release to refresh' : 'Pull to refresh';
  return (
    <div className="ds-pull-indicator" role="status" data-testid="pull-to-refresh" style={{ height: refreshing ? 48 : pull }}>
      <span className={`ds-pull-indicator__spinner${refreshing ? ' is-spinning' : ''}`} aria-hidden="true" style={refreshing ? undefined : { transform: `rotate(${Math.round((pull / PULL_THRESHOLD) * 270)}deg)` }} />
      <span>{text}</span>
    </div>
  );
}
