import { createMetricStore } from '@dossier/shared/core/vitals';
import { startWebVitals, type WebVitalsSource } from './start-web-vitals';

describe('startWebVitals', () => {
  beforeEach(() => sessionStorage.clear());

  it('records each reported vital with its SPEC §9 rating', () => {
    const store = createMetricStore({ now: () => 7 });
    const reporters: Record<string, (metric: { name: string; value: number }) => void> = {};
    const source = Object.fromEntries(
      (['onLCP', 'onINP', 'onCLS', 'onTTFB'] as const).map((key) => [key, (report: (metric: { name: string; value: number }) => void) => (reporters[key] = report)]),
    ) as unknown as WebVitalsSource;
    let firstInput: ((metric: { name: 'FID'; value: number }) => void) | undefined;
    startWebVitals(store, source, (report) => (firstInput = report));

    reporters.onLCP({ name: 'LCP', value: 3000 });
    reporters.onINP({ name: 'INP', value: 150 });
    reporters.onCLS({ name: 'CLS', value: 0.3 });
    reporters.onTTFB({ name: 'TTFB', value: 200 });
    firstInput?.({ name: 'FID', value: 120 });

    expect(store.list()).toEqual([
      { name: 'LCP', value: 3000, rating: 'needs-improvement', timestamp: 7 },
      { name: 'INP', value: 150, rating: 'good', timestamp: 7 },
      { name: 'CLS', value: 0.3, rating: 'poor', timestamp: 7 },
      { name: 'TTFB', value: 200, rating: 'good', timestamp: 7 },
      { name: 'FID', value: 120, rating: 'needs-improvement', timestamp: 7 },
    ]);
  });
});
