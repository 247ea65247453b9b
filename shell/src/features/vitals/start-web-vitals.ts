import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { MetricStore } from '@dossier/shared/core/vitals';

type Subscribe = (report: (metric: Pick<Metric, 'name' | 'value'>) => void) => void;

export interface WebVitalsSource {
  onLCP: Subscribe;
  onINP: Subscribe;
  onCLS: Subscribe;
  onTTFB: Subscribe;
}

/**
 * web-vitals 5+ no longer ships onFID (INP replaced FID in Core Web Vitals), yet SPEC §9 rates
 * FID. Where the browser reports a first input (Chromium), FID is its input delay: the time
 * from the input to the moment its handlers could start.
 */
export function observeFirstInputDelay(report: (metric: { name: 'FID'; value: number }) => void): void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('first-input')) return;
  const observer = new PerformanceObserver((list) => {
    const entry = list.getEntries()[0] as PerformanceEventTiming | undefined;
    if (!entry) return;
    report({ name: 'FID', value: entry.processingStart - entry.startTime });
    observer.disconnect();
  });
  observer.observe({ type: 'first-input', buffered: true });
}

/**
 * Feeds LCP, INP, CLS, TTFB (and FID where available) into the metric store, which rates them
 * by SPEC §9's thresholds and keeps the last 100. Each vital is reported when the library
 * finalises it (LCP and CLS when the page is hidden or the person interacts).
 */
export function startWebVitals(store: MetricStore, source: WebVitalsSource = { onLCP, onINP, onCLS, onTTFB }, firstInput = observeFirstInputDelay): void {
  const report = (metric: { name: string; value: number }) => {
    store.record({ name: metric.name, value: metric.value });
  };
  source.onLCP(report);
  source.onINP(report);
  source.onCLS(report);
  source.onTTFB(report);
  firstInput(report);
}
