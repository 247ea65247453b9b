import { expect, test } from '@playwright/test';
import { WEB_VITAL_THRESHOLDS } from '@dossier/shared/core';

interface StoredMetric {
  name: string;
  value: number;
  rating: 'good' | 'needs-improvement' | 'poor';
  timestamp: number;
}

const THRESHOLDS: Record<string, { good: number; poor: number }> = { ...WEB_VITAL_THRESHOLDS, INP: { good: 200, poor: 500 } };
const expectedRating = ({ name, value }: StoredMetric) => (value <= THRESHOLDS[name].good ? 'good' : value > THRESHOLDS[name].poor ? 'poor' : 'needs-improvement');

test('web vitals are measured, rated by SPEC §9 thresholds and kept for the tab', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  // LCP, FID and CLS are final once the person interacts or leaves the page.
  await page.getByRole('heading', { level: 1 }).click();
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();

  const metrics = await page.evaluate(() => JSON.parse(sessionStorage.getItem('dossier-performance-metrics') ?? '[]') as StoredMetric[]);
  const names = new Set(metrics.map((metric) => metric.name));
  for (const name of ['TTFB', 'LCP', 'CLS']) expect(names.has(name)).toBe(true);
  for (const metric of metrics) expect(metric.rating).toBe(expectedRating(metric));
  expect(metrics.length).toBeLessThanOrEqual(100);
});
