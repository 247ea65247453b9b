import { waitFor } from '@testing-library/react';
import { startServiceWorker, windowLoadedAndIdle } from './service-worker-client';

const workbox = {
  listeners: new Map<string, () => void>(),
  register: jest.fn().mockResolvedValue(undefined),
  messageSkipWaiting: jest.fn(),
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  },
};
jest.mock('workbox-window', () => ({ Workbox: jest.fn(() => workbox) }));

describe('startServiceWorker (SPEC §7 page side)', () => {
  let container: EventTarget & { startMessages: jest.Mock; controller: null };

  beforeEach(() => {
    workbox.listeners.clear();
    workbox.register.mockClear();
    workbox.messageSkipWaiting.mockClear();
    container = Object.assign(new EventTarget(), { startMessages: jest.fn(), controller: null });
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  });

  it('does nothing outside production builds', () => {
    startServiceWorker({ onUpdateAvailable: jest.fn(), onMessage: jest.fn() }, { enabled: false });
    expect(workbox.register).not.toHaveBeenCalled();
  });

  it('fetches Workbox and registers /sw.js only once the window has loaded; messages are heard before', async () => {
    const onMessage = jest.fn();
    let windowLoaded!: () => void;
    const loaded = () => new Promise<void>((resolve) => (windowLoaded = resolve));
    const loadWorkbox = jest.fn(() => import('workbox-window'));
    startServiceWorker({ onUpdateAvailable: jest.fn(), onMessage }, { enabled: true, loaded, loadWorkbox });
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'BACKGROUND_SYNC_RESULT', tag: 'dossier-pending-operations', pending: 2 } }));
    expect(onMessage).toHaveBeenCalledWith({ type: 'BACKGROUND_SYNC_RESULT', tag: 'dossier-pending-operations', pending: 2 });
    await Promise.resolve();
    expect(loadWorkbox).not.toHaveBeenCalled();
    expect(workbox.register).not.toHaveBeenCalled();
    windowLoaded();
    await waitFor(() => expect(workbox.register).toHaveBeenCalledWith({ immediate: true }));
    expect(loadWorkbox).toHaveBeenCalledTimes(1);
  });

  it('offers one update for SW_UPDATE_AVAILABLE or a waiting worker, and activating it skips waiting', async () => {
    const onUpdateAvailable = jest.fn();
    startServiceWorker({ onUpdateAvailable, onMessage: jest.fn() }, { enabled: true, loaded: async () => undefined });
    // The worker's message may come before Workbox is in: the offer still activates it once it is.
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'SW_UPDATE_AVAILABLE', version: 'v1' } }));
    await waitFor(() => expect(workbox.listeners.has('waiting')).toBe(true));
    workbox.listeners.get('waiting')?.();
    expect(onUpdateAvailable).toHaveBeenCalledTimes(1);
    const activate = onUpdateAvailable.mock.calls[0][0] as () => void;
    activate();
    await waitFor(() => expect(workbox.messageSkipWaiting).toHaveBeenCalled());
    expect(workbox.listeners.has('controlling')).toBe(true);
  });

  it('stopped before the window loaded: the worker is not registered', async () => {
    let windowLoaded!: () => void;
    const stop = startServiceWorker({ onUpdateAvailable: jest.fn(), onMessage: jest.fn() }, { enabled: true, loaded: () => new Promise<void>((resolve) => (windowLoaded = resolve)) });
    stop();
    windowLoaded();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(workbox.register).not.toHaveBeenCalled();
  });

  it("Workbox's code does not come: the worker is still registered, with the platform alone", async () => {
    const register = jest.fn().mockResolvedValue(undefined);
    Object.assign(container, { register });
    startServiceWorker({ onUpdateAvailable: jest.fn(), onMessage: jest.fn() }, { enabled: true, loaded: async () => undefined, loadWorkbox: () => Promise.reject(new Error('ChunkLoadError')) });
    await waitFor(() => expect(register).toHaveBeenCalledWith('/sw.js'));
    expect(workbox.register).not.toHaveBeenCalled();
  });
});

describe('windowLoadedAndIdle (Workbox after the first rows, ADR 0493)', () => {
  it('resolves only once the window has loaded and then the browser is idle', async () => {
    const idle: Array<() => void> = [];
    const original = window.requestIdleCallback;
    window.requestIdleCallback = ((run: () => void) => idle.push(run)) as unknown as typeof window.requestIdleCallback;
    try {
      let done = false;
      // jsdom's document is loaded already: the wait is the idle moment's.
      const waiting = windowLoadedAndIdle().then(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(done).toBe(false);
      expect(idle).toHaveLength(1);
      idle[0]!();
      await waiting;
      expect(done).toBe(true);
    } finally {
      window.requestIdleCallback = original;
    }
  });
});
