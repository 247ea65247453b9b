import { detectFeatures, isInstalledApp, type BrowserEnvironment } from './feature-support';
import { notify } from './notify';

const matchMedia = (standalone: boolean) => (query: string) => ({ matches: standalone && query === '(display-mode: standalone)' }) as MediaQueryList;

function environment(nav: Record<string, unknown>, win: Record<string, unknown> = {}, standalone = false): BrowserEnvironment {
  return { navigator: nav as unknown as Navigator, window: { matchMedia: matchMedia(standalone), ...win } as unknown as Window & typeof globalThis };
}

describe('detectFeatures (SPEC §9)', () => {
  it('finds everything on a capable phone browser', () => {
    const features = detectFeatures(
      environment(
        {
          share: () => Promise.resolve(),
          canShare: () => true,
          serviceWorker: {},
          mediaDevices: { getUserMedia: () => undefined },
          geolocation: {},
          vibrate: () => true,
          clipboard: { writeText: () => Promise.resolve() },
        },
        { Notification: function Notification() {}, SyncManager: function SyncManager() {}, indexedDB: {}, onbeforeinstallprompt: null },
      ),
    );
    expect(features).toEqual({
      share: true,
      shareFiles: true,
      notifications: true,
      serviceWorker: true,
      backgroundSync: true,
      camera: true,
      geolocation: true,
      vibration: true,
      clipboard: true,
      indexedDb: true,
      installPrompt: true,
      standalone: false,
    });
  });

  it('finds nothing on a bare browser', () => {
    expect(Object.values(detectFeatures(environment({}))).some(Boolean)).toBe(false);
  });

  it('background sync needs a service worker too', () => {
    expect(detectFeatures(environment({}, { SyncManager: function SyncManager() {} })).backgroundSync).toBe(false);
  });

  it('sharing files needs canShare to accept a file', () => {
    expect(detectFeatures(environment({ share: () => undefined, canShare: () => false })).shareFiles).toBe(false);
    const throwing = () => {
      throw new TypeError('not allowed');
    };
    expect(detectFeatures(environment({ share: () => undefined, canShare: throwing })).shareFiles).toBe(false);
  });
});

describe('isInstalledApp', () => {
  it('is true in standalone display mode or from the iOS home screen', () => {
    expect(isInstalledApp(environment({}, {}, true))).toBe(true);
    expect(isInstalledApp(environment({ standalone: true }))).toBe(true);
    expect(isInstalledApp(environment({}))).toBe(false);
  });
});

describe('notify', () => {
  const makeWindow = (permission: NotificationPermission, registration?: { active?: object | null; showNotification: jest.Mock }) => {
    const created: string[] = [];
    const NotificationApi = Object.assign(
      function Notification(this: unknown, title: string) {
        created.push(title);
      },
      { permission },
    );
    const win = { Notification: NotificationApi, navigator: { serviceWorker: { getRegistration: async () => registration } } };
    return { win: win as unknown as Window & typeof globalThis, created };
  };

  it('shows nothing unless permission was granted', async () => {
    for (const permission of ['default', 'denied'] as const) {
      const { win, created } = makeWindow(permission);
      await expect(notify('Expiring soon', {}, win)).resolves.toBe(false);
      expect(created).toEqual([]);
    }
  });

  it('uses the service worker when one is registered', async () => {
    const registration = { active: {}, showNotification: jest.fn(async () => undefined) };
    const { win, created } = makeWindow('granted', registration);
    await expect(notify('Passport expires in 30 days', { body: 'Renew it soon' }, win)).resolves.toBe(true);
    expect(registration.showNotification).toHaveBeenCalledWith('Passport expires in 30 days', { body: 'Renew it soon' });
    expect(created).toEqual([]);
  });

  it('uses the page while the service worker is still installing, or when it fails', async () => {
    const installing = { active: null, showNotification: jest.fn(async () => undefined) };
    const first = makeWindow('granted', installing);
    await expect(notify('Upload finished', {}, first.win)).resolves.toBe(true);
    expect(installing.showNotification).not.toHaveBeenCalled();
    expect(first.created).toEqual(['Upload finished']);
    const failing = { active: {}, showNotification: jest.fn(async () => Promise.reject(new TypeError('no permission'))) };
    const second = makeWindow('granted', failing);
    await expect(notify('Upload finished', {}, second.win)).resolves.toBe(true);
    expect(second.created).toEqual(['Upload finished']);
  });

  it('falls back to a page notification', async () => {
    const { win, created } = makeWindow('granted');
    await expect(notify('Upload finished', {}, win)).resolves.toBe(true);
    expect(created).toEqual(['Upload finished']);
  });

  it('without the API there is nothing to show', async () => {
    await expect(notify('x', {}, {} as Window & typeof globalThis)).resolves.toBe(false);
  });
});
