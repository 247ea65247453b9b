import type { DeviceApi } from '@dossier/shared';
import { detectFeatures, notify } from '@dossier/shared/core/device';
import { currentNetworkStrategy } from '@dossier/shared/core/network';
import { createMetricStore, type MetricStore } from '@dossier/shared/core/vitals';
import type { ShellPart } from '../../services/shell-part';
import { installPromptEvents } from '../install-prompt';
import { Overlays } from '../overlays';
import { startWebVitals } from '../vitals';

/**
 * The device part of the services (SPEC §9): feature support, network strategy, online state,
 * the last 100 rated web vitals, and notifications only with permission. Its overlay is the
 * shell's global overlays (offline badge, install prompt, consent dialog).
 */
export function createDevice({ metricStore = createMetricStore(), measure = typeof window !== 'undefined' } = {}): ShellPart<DeviceApi> & { metricStore: MetricStore } {
  if (measure) startWebVitals(metricStore);
  // The browser may offer the install before React renders: listen from the start.
  if (typeof window !== 'undefined') installPromptEvents.start();
  const api: DeviceApi = {
    features: () => detectFeatures(),
    network: () => currentNetworkStrategy(),
    isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
    metrics: () => metricStore.list(),
    notify: (title, options) => notify(title, options),
  };
  return { api, Overlay: Overlays, metricStore };
}
