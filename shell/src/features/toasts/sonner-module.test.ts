import { waitFor } from '@testing-library/react';

// Each test gets its own copy of sonner-module.ts (its module-level state) and of the 'sonner' it fetches.
type SonnerModuleFile = typeof import('./sonner-module');

function fakeSonner(calls: string[]) {
  return { toast: Object.assign((title: string) => calls.push(title), { dismiss: (id: string) => calls.push(`dismiss ${id}`) }) };
}

async function isolated(sonnerFactory: () => unknown): Promise<SonnerModuleFile> {
  jest.resetModules();
  jest.doMock('sonner', sonnerFactory);
  return import('./sonner-module');
}

describe('sonner, fetched after the first paint (sonner-module.ts)', () => {
  it('plays what was asked for before sonner arrived, in order, once it has', async () => {
    const calls: string[] = [];
    const { withSonner, loadedSonner } = await isolated(() => fakeSonner(calls));
    expect(loadedSonner()).toBeNull();
    withSonner(({ toast }) => toast('Uploaded'));
    withSonner(({ toast }) => toast.dismiss('Uploaded'));
    withSonner(({ toast }) => toast('Copied link'));
    expect(calls).toEqual([]);
    await waitFor(() => expect(calls).toEqual(['Uploaded', 'dismiss Uploaded', 'Copied link']));
    expect(loadedSonner()).not.toBeNull();
    // Once here, a call runs at once.
    withSonner(({ toast }) => toast('Saved'));
    expect(calls.at(-1)).toBe('Saved');
  });

  it('keeps a waiting toast when the fetch fails, and shows it when the browser is back online', async () => {
    const calls: string[] = [];
    let reachable = false;
    const { withSonner, loadedSonner, onSonnerLoaded } = await isolated(() => {
      if (!reachable) throw new Error('Loading chunk toasts failed (offline)');
      return fakeSonner(calls);
    });
    const arrived = jest.fn();
    onSonnerLoaded(arrived);
    withSonner(({ toast }) => toast("You're offline"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loadedSonner()).toBeNull();
    expect(calls).toEqual([]);

    reachable = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(calls).toEqual(["You're offline"]));
    expect(arrived).toHaveBeenCalledTimes(1);
  });

  it("offline, the early words for screen readers last as long as the toast they stand for, then go", async () => {
    jest.useFakeTimers();
    try {
      const { announceBeforeSonner, earlyToastAnnouncement, withSonner } = await isolated(() => {
        throw new Error('Loading chunk toasts failed (offline)');
      });
      const { TOASTS } = await import('@dossier/shared/core');
      withSonner(({ toast }) => toast("You're offline"));
      announceBeforeSonner("You're offline");
      expect(earlyToastAnnouncement()).toBe("You're offline");
      jest.advanceTimersByTime(TOASTS.durationMs - 1);
      expect(earlyToastAnnouncement()).toBe("You're offline");
      jest.advanceTimersByTime(1);
      expect(earlyToastAnnouncement()).toBe('');
    } finally {
      jest.useRealTimers();
    }
  });
});
