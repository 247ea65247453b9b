import { useEffect } from 'react';

/**
 * Sonner (2.0.8) pauses every toast of a list while the list is "interacting" (set by a
 * pointer-down in it) or "expanded" (set when the mouse enters it, or alt+T). Each is cleared only
 * by an event the list must hear: a pointer-up that reaches it, a mouse leaving it. When that event
 * is lost, no toast of the list leaves by itself again (upstream: emilkowalski/sonner#775, #784):
 * - a pointer released or cancelled outside the list (the stack moved under it, or a phone's
 *   scroll or back-swipe took the touch);
 * - a mouse leaving while the toast under it is being removed: "Undo" removes its own toast, and
 *   CI saw "Restored 1 document" and "Saved" still up 20 s after Undo, the pointer elsewhere;
 * - keyboard focus leaving a list opened with alt+T by Tab, not Escape.
 *
 * - on a phone, a tap leaves the page's "hover" where the finger was: after a tap on Undo the
 *   toasts under that spot stayed until the next tap elsewhere.
 *
 * Until that is fixed upstream, the page checks what is true — is a pointer pressed, is the
 * pointer over the list (`:hover`), is focus in it — whenever any of it may have changed, and when
 * none holds it gives the list the pointer-up and the mouse-leave it missed. A person reading a
 * toast with the mouse on it still keeps it, and a tap on a toast itself still opens the stack
 * until the next tap elsewhere (sonner's way on a phone); a tap on a toast's button (Undo, Close)
 * is done with it and holds nothing, nor does focus left on a toast being removed.
 */

const LIST = '[data-sonner-toaster]';
const EXPANDED = '[data-sonner-toast][data-expanded="true"]';
/** A toast on its way out (sonner unmounts it 200 ms later): focus on it holds nothing. */
const REMOVED = '[data-sonner-toast][data-removed="true"]';

/** Events this module dispatched itself: not a person's, so never a reason to dispatch again. */
const ours = new WeakSet<Event>();

function tell(list: Element, event: Event): void {
  ours.add(event);
  list.dispatchEvent(event);
}

/** Sonner's list reads no field of the event, only that it came (React dispatches by type). */
const missedPointerUp = (list: Element) => tell(list, new Event('pointerup', { bubbles: true }));

/**
 * React hears a mouse leaving an element from a `mouseout` on it; with no related target it is a
 * leave to outside the page, so only the list and its ancestors are told, nothing is "entered".
 */
const missedMouseLeave = (list: Element) => tell(list, new MouseEvent('mouseout', { bubbles: true, relatedTarget: null }));

/** The list or an element in it is under the pointer (jsdom, unlike browsers, marks only the latter). */
const pointedAt = (list: Element) => list.matches(':hover') || list.querySelector(':hover') !== null;

/**
 * A list the person still holds open: a pointer pressed, the pointer over it (unless a finger
 * tapped one of its buttons last), or focus in it (not on a toast being removed).
 */
function held(list: Element, pressed: boolean, tappedButton: WeakSet<Element>): boolean {
  const focused = document.activeElement;
  return (
    pressed ||
    (pointedAt(list) && !tappedButton.has(list)) ||
    (focused !== null && list.contains(focused) && !focused.closest(REMOVED))
  );
}

export function useReleaseStuckToasts(): void {
  useEffect(() => {
    let pressed = false;
    /** Lists whose last touch (or pen) ended on one of their buttons. */
    const tappedButton = new WeakSet<Element>();
    let pending: ReturnType<typeof setTimeout> | undefined;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (run: () => void) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      });
      timers.add(timer);
      return timer;
    };

    /** Open lists nobody holds: told the pointer-up now, the mouse-leave once React has re-rendered. */
    const releaseUnheld = () => {
      pending = undefined;
      const stuck = [...document.querySelectorAll(LIST)].filter((list) => list.querySelector(EXPANDED) && !held(list, pressed, tappedButton));
      if (stuck.length === 0) return;
      // The leave is ignored while "interacting" is still true in the list's last render.
      for (const list of stuck) missedPointerUp(list);
      later(() => {
        for (const list of stuck) if (list.isConnected && list.querySelector(EXPANDED) && !held(list, pressed, tappedButton)) missedMouseLeave(list);
      });
    };
    // After the browser's own handling of the event (React's included).
    const check = () => {
      pending ??= later(releaseUnheld);
    };

    const down = (event: Event) => {
      if (ours.has(event)) return;
      pressed = true;
      for (const list of document.querySelectorAll(LIST)) if (event.target instanceof Node && list.contains(event.target)) tappedButton.delete(list);
    };
    const up = (event: Event) => {
      if (ours.has(event)) return;
      pressed = false;
      // A list pressed but released elsewhere is told now: its toasts must not wait for a check.
      const target = event.target instanceof Element ? event.target : null;
      for (const list of document.querySelectorAll(LIST)) {
        if (event.type === 'pointerup' && target && list.contains(target)) {
          if ((event as PointerEvent).pointerType !== 'mouse' && target.closest('button')) tappedButton.add(list);
          continue;
        }
        missedPointerUp(list);
      }
      check();
    };
    const moved = (event: Event) => {
      if (!ours.has(event)) check();
    };

    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    // The pointer reached another element, or focus moved: the list may be left.
    document.addEventListener('mouseover', moved, true);
    document.addEventListener('focusout', moved, true);
    // A list opened while nobody holds it (an enter heard late, after the pointer had gone), or
    // the toast that had focus or the pointer is on its way out.
    const opened = new MutationObserver(check);
    opened.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-expanded', 'data-removed'] });
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
      document.removeEventListener('mouseover', moved, true);
      document.removeEventListener('focusout', moved, true);
      opened.disconnect();
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);
}
