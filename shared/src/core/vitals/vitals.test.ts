import { WEB_VITAL_THRESHOLDS } from '../limits';
import { METRICS_STORAGE_KEY, createMetricStore, rateMetric } from './vitals';

describe('rateMetric (SPEC §9 thresholds)', () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['FID', 100, 'good'],
    ['FID', 300, 'needs-improvement'],
    ['FID', 301, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.2, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
    ['TTFB', 800, 'good'],
    ['TTFB', 1800, 'needs-improvement'],
    ['TTFB', 1801, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 500, 'needs-improvement'],
    ['INP', 501, 'poor'],
  ])('%s %d is %s', (name, value, rating) => {
    expect(rateMetric(name, value)).toBe(rating);
  });

  it('uses the limits module', () => {
    expect(rateMetric('LCP', WEB_VITAL_THRESHOLDS.LCP.good + 1)).toBe('needs-improvement');
  });
});

describe('createMetricStore', () => {
  beforeEach(() => sessionStorage.clear());

  it('rates and time-stamps what it records', () => {
    const store = createMetricStore({ now: () => 42 });
    expect(store.record({ name: 'LCP', value: 5000 })).toEqual({ name: 'LCP', value: 5000, rating: 'poor', timestamp: 42 });
  });

  it('keeps only the last 100', () => {
    const store = createMetricStore();
    for (let i = 0; i < 130; i += 1) store.record({ name: 'TTFB', value: i });
    expect(store.list()).toHaveLength(100);
    expect(store.list()[0].value).toBe(30);
    expect(store.list()[99].value).toBe(129);
  });

  it('survives a reload within the tab through sessionStorage', () => {
    createMetricStore().record({ name: 'CLS', value: 0.05 });
    expect(JSON.parse(sessionStorage.getItem(METRICS_STORAGE_KEY) ?? '[]')).toHaveLength(1);
    expect(createMetricStore().list()).toEqual([expect.objectContaining({ name: 'CLS', value: 0.05, rating: 'good' })]);
  });

  it('tells subscribers', () => {
    const store = createMetricStore();
    const listener = jest.fn();
    const stop = store.subscribe(listener);
    store.record({ name: 'INP', value: 120 });
    expect(listener).toHaveBeenCalledWith([expect.objectContaining({ name: 'INP' })]);
    stop();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
