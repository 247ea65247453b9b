import type { FeatureSupport } from '../../contract/device';

/** What we read from the browser; a parameter so tests can describe any device. */
export interface BrowserEnvironment {
  navigator?: Navigator;
  window?: Window & typeof globalThis;
}

const currentEnvironment = (): BrowserEnvironment => ({
  navigator: typeof navigator === 'undefined' ? undefined : navigator,
  window: typeof window === 'undefined' ? undefined : window,
});

type StandaloneNavigator = Navigator & { standalone?: boolean };

/** Installed already: running as a standalone window (Chromium, Android) or from the iOS home screen. */
export function isInstalledApp({ navigator: nav, window: win }: BrowserEnvironment = currentEnvironment()): boolean {
  const standaloneMode =
    typeof win?.matchMedia === 'function' &&
    (win.matchMedia('(display-mode: standalone)').matches || win.matchMedia('(display-mode: window-controls-overlay)').matches);
  return Boolean(standaloneMode || (nav as StandaloneNavigator | undefined)?.standalone === true);
}

function canShareFiles(nav: Navigator | undefined): boolean {
  if (typeof nav?.canShare !== 'function' || typeof File === 'undefined') return false;
  try {
    return nav.canShare({ files: [new File(['probe'], 'probe.txt', { type: 'text/plain' })] });
  } catch {
    return false;
  }
}

/**
 * SPEC §9 feature-support check. Each entry says whether the API exists, not whether permission
 * was granted — the UI asks for permission when the person uses the feature.
 */
export function detectFeatures(environment: BrowserEnvironment = currentEnvironment()): FeatureSupport {
  const { navigator: nav, window: win } = environment;
  const has = (target: object | undefined, key: string) => Boolean(target && key in target && (target as Record<string, unknown>)[key] != null);
  const serviceWorker = has(nav, 'serviceWorker');
  return {
    share: typeof nav?.share === 'function',
    shareFiles: canShareFiles(nav),
    notifications: has(win, 'Notification'),
    serviceWorker,
    backgroundSync: serviceWorker && has(win, 'SyncManager'),
    camera: typeof nav?.mediaDevices?.getUserMedia === 'function',
    geolocation: has(nav, 'geolocation'),
    vibration: typeof nav?.vibrate === 'function',
    clipboard: typeof nav?.clipboard?.writeText === 'function',
    indexedDb: has(win, 'indexedDB'),
    installPrompt: Boolean(win && 'onbeforeinstallprompt' in win),
    standalone: isInstalledApp(environment),
  };
}
