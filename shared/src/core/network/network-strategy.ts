import type { NetworkStrategy } from '../../contract/device';
import { NETWORK_STRATEGY } from '../limits';

/** The parts of the Network Information API (navigator.connection, Chromium only) we read. */
export interface ConnectionInfo {
  effectiveType?: 'slow-2g' | '2g' | '3g' | '4g' | string;
  /** Mbps */
  downlink?: number;
  saveData?: boolean;
}

/**
 * SPEC §9 network strategy: slow (2g, under 0.5 Mbps, data saver or offline) -> low quality and
 * no preloading; 3g or under 1.5 Mbps -> medium; otherwise high. Only a slow link skips
 * preloading: a medium link still benefits from fetching the next area's code while idle.
 * Without navigator.connection (Firefox, Safari) we cannot tell, so we assume high.
 */
export function networkStrategy(connection: ConnectionInfo | undefined, online = true): NetworkStrategy {
  const preloadTimeout = NETWORK_STRATEGY.preloadTimeoutMs;
  const downlink = typeof connection?.downlink === 'number' ? connection.downlink : undefined;
  const slow =
    !online ||
    connection?.saveData === true ||
    connection?.effectiveType === '2g' ||
    connection?.effectiveType === 'slow-2g' ||
    (downlink !== undefined && downlink < NETWORK_STRATEGY.slowMaxMbps);
  if (slow) return { quality: 'low', preload: false, preloadTimeout };
  if (connection?.effectiveType === '3g' || (downlink !== undefined && downlink < NETWORK_STRATEGY.mediumMaxMbps)) {
    return { quality: 'medium', preload: true, preloadTimeout };
  }
  return { quality: 'high', preload: true, preloadTimeout };
}

/** The strategy for this browser right now. */
export function currentNetworkStrategy(nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator): NetworkStrategy {
  const connection = (nav as (Navigator & { connection?: ConnectionInfo }) | undefined)?.connection;
  return networkStrategy(connection, nav?.onLine ?? true);
}

/** Why a preload did not run. */
export type PreloadOutcome<T> = { status: 'loaded'; value: T } | { status: 'skipped' } | { status: 'timed-out' } | { status: 'failed'; error: unknown };

/**
 * Preloads (a remote's entry, a route's chunk) only when the strategy allows it, and stops
 * waiting after the strategy's time-out (5 s) so a slow preload never holds anything up.
 */
export async function preload<T>(load: () => Promise<T>, strategy: NetworkStrategy = currentNetworkStrategy()): Promise<PreloadOutcome<T>> {
  if (!strategy.preload) return { status: 'skipped' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<PreloadOutcome<T>>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'timed-out' }), strategy.preloadTimeout);
  });
  try {
    return await Promise.race([
      load().then(
        (value): PreloadOutcome<T> => ({ status: 'loaded', value }),
        (error: unknown): PreloadOutcome<T> => ({ status: 'failed', error }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
