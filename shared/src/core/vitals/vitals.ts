import type { MetricRating, PerformanceMetric } from '../../contract/device';
import { METRICS_KEPT, WEB_VITAL_THRESHOLDS } from '../limits';

/**
 * SPEC §9 web-vital thresholds (good / poor) plus INP, which SPEC predates: web.dev rates INP
 * good up to 200 ms and poor above 500 ms. INP replaced FID in Core Web Vitals (2024).
 */
export const VITAL_THRESHOLDS: Record<string, { good: number; poor: number }> = {
  ...WEB_VITAL_THRESHOLDS,
  INP: { good: 200, poor: 500 },
};

/** good up to the first threshold, poor above the second, needs-improvement between (web.dev's rule). */
export function rateMetric(name: string, value: number): MetricRating {
  const thresholds = VITAL_THRESHOLDS[name];
  if (!thresholds) return 'good';
  if (value <= thresholds.good) return 'good';
  if (value > thresholds.poor) return 'poor';
  return 'needs-improvement';
}

export const METRICS_STORAGE_KEY = 'dossier-performance-metrics';

export interface MetricStore {
  record(metric: Omit<PerformanceMetric, 'rating' | 'timestamp'> & Partial<Pick<PerformanceMetric, 'rating' | 'timestamp'>>): PerformanceMetric;
  list(): readonly PerformanceMetric[];
  subscribe(listener: (metrics: readonly PerformanceMetric[]) => void): () => void;
  clear(): void;
}

const sessionStore = (): Storage | undefined => {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
};

/**
 * The last 100 performance metrics (SPEC §3), in memory and in sessionStorage so a reload within
 * the tab keeps them (a page's LCP is only known after the user leaves or interacts).
 */
export function createMetricStore({ storage = sessionStore(), key = METRICS_STORAGE_KEY, limit = METRICS_KEPT, now = Date.now } = {}): MetricStore {
  const restore = (): PerformanceMetric[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? (parsed as PerformanceMetric[]).slice(-limit) : [];
    } catch {
      return [];
    }
  };
  let metrics: readonly PerformanceMetric[] = restore();
  const listeners = new Set<(metrics: readonly PerformanceMetric[]) => void>();
  const persist = () => {
    try {
      storage?.setItem(key, JSON.stringify(metrics));
    } catch {
      // quota or privacy mode: the in-memory list still works
    }
    listeners.forEach((listener) => listener(metrics));
  };
  return {
    record(input) {
      const metric: PerformanceMetric = {
        name: input.name,
        value: input.value,
        rating: input.rating ?? rateMetric(input.name, input.value),
        timestamp: input.timestamp ?? now(),
      };
      metrics = [...metrics, metric].slice(-limit);
      persist();
      return metric;
    },
    list: () => metrics,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      metrics = [];
      persist();
    },
  };
}
