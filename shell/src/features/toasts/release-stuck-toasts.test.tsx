import { act, fireEvent, render, screen } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { useReleaseStuckToasts } from './release-stuck-toasts';

/*
 * jsdom moves `:hover` with each mouseover, as a browser does with the pointer. A mouseover
 * elsewhere with no mouseout from the list is what Chromium sends when the element under the
 * pointer was removed (Undo's own toast): React hears no leave.
 */
describe('useReleaseStuckToasts (sonner paused every toast once it missed a pointer-up or a mouse-leave)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => toast.dismiss());
    jest.useRealTimers();
  });

  function WithRelease({ children }: { children: React.ReactNode }) {
    useReleaseStuckToasts();
    return <>{children}</>;
  }
  const view = (release: boolean, toasters = <Toaster />) => render(release ? <WithRelease>{toasters}</WithRelease> : toasters);

  /** In steps: React renders what act queued only when each act ends, as a browser would between tasks. */
  async function advance(ms: number): Promise<void> {
    for (let left = ms; left >= 0; left -= 100) {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(Math.min(left, 100));
      });
    }
  }

  /** Two toasts (with one left, sonner collapses the list itself). */
  async function twoToasts(): Promise<Element> {
    act(() => {
      toast('Restored 1 document', { duration: 1000 });
      toast('Saved', { duration: 1000 });
    });
    await advance(50);
    const list = document.querySelector('[data-sonner-toaster]');
    expect(list).not.toBeNull();
    return list!;
  }

  const shown = () => screen.queryByText('Saved') !== null || screen.queryByText('Restored 1 document') !== null;

  describe('a pointer pressed in the list and released outside it', () => {
    async function pressInListReleaseOutside(release: boolean, up: 'pointerup' | 'pointercancel'): Promise<boolean> {
      view(release);
      const list = await twoToasts();
      fireEvent.pointerDown(list);
      if (up === 'pointerup') fireEvent.pointerUp(document.body);
      else fireEvent.pointerCancel(document.body);
      await advance(5000);
      return shown();
    }

    it('is needed: without it sonner keeps the toasts for good (when this fails, sonner fixed it upstream: drop the workaround)', async () => {
      expect(await pressInListReleaseOutside(false, 'pointerup')).toBe(true);
    });

    it('lets the toasts leave by themselves after the pointer-up', async () => {
      expect(await pressInListReleaseOutside(true, 'pointerup')).toBe(false);
    });

    it('…and after the browser cancels the pointer (a phone scroll took the touch)', async () => {
      expect(await pressInListReleaseOutside(true, 'pointercancel')).toBe(false);
    });
  });

  describe('a mouse that entered the list and left it unheard (Undo removed the toast under it)', () => {
    async function enterListLeaveUnheard(release: boolean): Promise<boolean> {
      view(release);
      const list = await twoToasts();
      // React hears the enter from a mouseover; the matching mouseout never comes.
      fireEvent.mouseOver(list);
      await advance(0);
      expect(list.querySelector('[data-expanded="true"]')).not.toBeNull();
      fireEvent.mouseOver(document.body);
      await advance(5000);
      return shown();
    }

    it('is needed: without it sonner keeps the toasts for good', async () => {
      expect(await enterListLeaveUnheard(false)).toBe(true);
    });

    it('lets the toasts leave by themselves once nothing holds the list', async () => {
      expect(await enterListLeaveUnheard(true)).toBe(false);
    });
  });

  it('keeps the toasts while the pointer is over the list, or pressed in it and dragged off (a swipe)', async () => {
    view(true);
    const list = await twoToasts();
    fireEvent.mouseOver(list);
    await advance(5000);
    expect(shown()).toBe(true);
    fireEvent.pointerDown(list);
    fireEvent.mouseOver(document.body);
    await advance(5000);
    expect(shown()).toBe(true);
    fireEvent.pointerUp(list);
    await advance(5000);
    expect(shown()).toBe(false);
  });

  it('keeps the toasts while focus is in the list (alt+T), and lets them go when focus leaves by Tab', async () => {
    view(true);
    const list = await twoToasts();
    fireEvent.keyDown(document, { key: 't', code: 'KeyT', altKey: true });
    await advance(0);
    expect(list.contains(document.activeElement)).toBe(true);
    await advance(5000);
    expect(shown()).toBe(true);
    act(() => (document.activeElement as HTMLElement).blur());
    fireEvent.focusOut(list);
    await advance(5000);
    expect(shown()).toBe(false);
  });

  describe('on a phone, where a tap leaves the "hover" where the finger was', () => {
    // sonner captures the pointer on a press in a toast; jsdom has no pointer capture.
    beforeAll(() => {
      Element.prototype.setPointerCapture ??= () => undefined;
    });

    const tap = (element: Element) => {
      fireEvent.pointerDown(element, { pointerType: 'touch' });
      fireEvent.pointerUp(element, { pointerType: 'touch' });
      // The browser's compatibility mouse events follow the touch: the list is "entered".
      fireEvent.mouseOver(element);
    };

    it('a tap on a toast’s button (Undo, Close) holds nothing: the toasts leave by themselves', async () => {
      view(true);
      const list = await twoToasts();
      act(() => {
        toast('Moved 1 document to the trash', { duration: 1000, action: { label: 'Keep open', onClick: (event) => event.preventDefault() } });
      });
      await advance(50);
      tap(screen.getByRole('button', { name: 'Keep open' }));
      await advance(0);
      expect(list.querySelector('[data-expanded="true"]')).not.toBeNull();
      await advance(5000);
      expect(shown()).toBe(false);
    });

    it('a tap on a toast itself opens the stack until the next tap elsewhere, as sonner does', async () => {
      view(true);
      const list = await twoToasts();
      tap(screen.getByText('Saved'));
      await advance(5000);
      expect(list.querySelector('[data-expanded="true"]')).not.toBeNull();
      expect(shown()).toBe(true);
      tap(document.body);
      await advance(5000);
      expect(shown()).toBe(false);
    });
  });

  it('holds nothing by focus left on a toast on its way out (Undo pressed from the keyboard)', async () => {
    view(true);
    const list = await twoToasts();
    act(() => {
      toast('Moved 1 document to the trash', { duration: 60_000, action: { label: 'Undo', onClick: () => undefined } });
    });
    await advance(50);
    fireEvent.keyDown(document, { key: 't', code: 'KeyT', altKey: true });
    act(() => screen.getByRole('button', { name: 'Undo' }).focus());
    await advance(5000);
    expect(shown()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await advance(5000);
    expect(shown()).toBe(false);
    expect(list.isConnected).toBe(false);
  });

  it('tells two lists of a pointer released outside both without telling them again and again', async () => {
    view(
      true,
      <>
        <Toaster id="stacked" />
        <Toaster id="single" position="top-center" />
      </>,
    );
    act(() => {
      toast('Saved', { duration: 1000, toasterId: 'stacked' });
      toast('Restored 1 document', { duration: 1000, toasterId: 'single' });
    });
    await advance(50);
    const lists = document.querySelectorAll('[data-sonner-toaster]');
    expect(lists).toHaveLength(2);
    const heard: number[] = [0, 0];
    lists.forEach((list, i) => list.addEventListener('pointerup', () => (heard[i]! += 1)));
    fireEvent.pointerDown(lists[0]!);
    fireEvent.pointerUp(document.body);
    expect(heard).toEqual([1, 1]);
    await advance(5000);
    expect(shown()).toBe(false);
  });
});
