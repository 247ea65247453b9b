import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { OFFLINE_BADGE_TEXT } from '@dossier/shared/core';

test("the offline badge reads \"You're offline\" while the connection is gone", async ({ page, context }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  const badge = page.getByRole('status').filter({ hasText: OFFLINE_BADGE_TEXT });
  await expect(badge).toHaveCount(0);

  await context.setOffline(true);
  await expect(badge).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await context.setOffline(false);
  await expect(badge).toHaveCount(0);
});
