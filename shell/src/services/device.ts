import type { DeviceApi, PerformanceMetric } from '@dossier/shared';
import { METRICS_KEPT, NETWORK_STRATEGY } from '@dossier/shared/core';
import type { ShellPart } from './shell-part';

/** Browser capabilities (SPEC §9 feature-support check); the shell-ux work may replace it. */
export function createDevice(): ShellPart<DeviceApi> {
  const metrics: PerformanceMetric[] = [];
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  const api: DeviceApi & { record(metric: PerformanceMetric): void } = {
    features: () => ({
      share: typeof nav?.share === 'function',
      shareFiles: typeof nav?.canShare === 'function',
      notifications: typeof Notification !== 'undefined',
      serviceWorker: Boolean(nav && 'serviceWorker' in nav),
      backgroundSync: typeof window !== 'undefined' && 'SyncManager' in window,
      camera: Boolean(nav?.mediaDevices?.getUserMedia),
      geolocation: Boolean(nav && 'geolocation' in nav),
      vibration: typeof nav?.vibrate === 'function',
      clipboard: Boolean(nav?.clipboard),
      indexedDb: typeof indexedDB !== 'undefined',
      installPrompt: typeof window !== 'undefined' && 'onbeforeinstallprompt' in window,
      standalone: typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches,
    }),
    network() {
      const connection = (nav as Navigator & { connection?: { downlink?: number } } | undefined)?.connection;
      const mbps = connection?.downlink;
      const quality = mbps === undefined ? 'high' : mbps <= NETWORK_STRATEGY.slowMaxMbps ? 'low' : mbps <= NETWORK_STRATEGY.mediumMaxMbps ? 'medium' : 'high';
      return { quality, preload: quality !== 'low', preloadTimeout: NETWORK_STRATEGY.preloadTimeoutMs };
    },
    isOnline: () => nav?.onLine !== false,
    metrics: () => metrics,
    record(metric) {
      metrics.push(metric);
      if (metrics.length > METRICS_KEPT) metrics.splice(0, metrics.length - METRICS_KEPT);
    },
    async notify(title, options) {
      if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
      new Notification(title, options);
      return true;
    },
  };
  return { api };
}
