import { expect, test } from '@playwright/test';
import { CONSENT_BUTTONS, TOASTS } from '@dossier/shared/core';
import { signInFreshUser } from '../support/signed-in-session';

test('four stacked toasts leave three visible, 356 px wide, and they close by themselves', async ({ page }) => {
  await signInFreshUser(page);
  await page.goto('/privacy-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Settings' })).toBeVisible();

  // Each save confirms with a stacked toast.
  const acceptAll = page.getByRole('button', { name: CONSENT_BUTTONS.acceptAll });
  for (let i = 0; i < 4; i += 1) await acceptAll.click();

  const region = page.getByRole('region', { name: /^Notifications/ });
  const toasts = region.locator('[data-sonner-toast]');
  await expect(toasts).toHaveCount(4);
  await expect(toasts.filter({ visible: true })).toHaveCount(TOASTS.visible);
  await expect(toasts.first()).toContainText('Privacy choices saved');
  const box = await toasts.first().boundingBox();
  expect(box?.width).toBe(TOASTS.widthPx);

  // 4000 ms each (sonner pauses while the pointer is over them, so move it away).
  await page.mouse.move(0, 0);
  await expect(toasts).toHaveCount(0, { timeout: 15_000 });
});
