import { startServiceWorker } from './service-worker-client';

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

  it('registers /sw.js and hands BACKGROUND_SYNC_RESULT to the page', () => {
    const onMessage = jest.fn();
    startServiceWorker({ onUpdateAvailable: jest.fn(), onMessage }, { enabled: true });
    expect(workbox.register).toHaveBeenCalled();
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'BACKGROUND_SYNC_RESULT', tag: 'dossier-pending-operations', pending: 2 } }));
    expect(onMessage).toHaveBeenCalledWith({ type: 'BACKGROUND_SYNC_RESULT', tag: 'dossier-pending-operations', pending: 2 });
  });

  it('offers one update for SW_UPDATE_AVAILABLE or a waiting worker, and activating it skips waiting', () => {
    const onUpdateAvailable = jest.fn();
    startServiceWorker({ onUpdateAvailable, onMessage: jest.fn() }, { enabled: true });
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'SW_UPDATE_AVAILABLE', version: 'v1' } }));
    workbox.listeners.get('waiting')?.();
    expect(onUpdateAvailable).toHaveBeenCalledTimes(1);
    const activate = onUpdateAvailable.mock.calls[0][0] as () => void;
    activate();
    expect(workbox.messageSkipWaiting).toHaveBeenCalled();
    expect(workbox.listeners.has('controlling')).toBe(true);
  });
});
