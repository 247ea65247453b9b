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

test('toasts the pointer left without their list hearing it still close by themselves (Undo removes the toast under the pointer)', async ({ page }) => {
  await signInFreshUser(page);
  await page.goto('/privacy-settings');
  const acceptAll = page.getByRole('button', { name: CONSENT_BUTTONS.acceptAll });
  await acceptAll.click();
  await acceptAll.click();
  const toasts = page.getByRole('region', { name: /^Notifications/ }).locator('[data-sonner-toast]');
  await expect(toasts).toHaveCount(2);

  // The pointer rests on them: sonner opens the stack and holds it.
  await toasts.first().hover();
  await expect(toasts.first()).toHaveAttribute('data-expanded', 'true');
  // When the element under the pointer is removed (Undo's own toast), Chromium may send the move
  // away without a mouseout from the list, so React tells it of no leave. The browser's own
  // mouseouts are withheld here the same way; the page's release (untrusted events) is not.
  await page.evaluate(() => window.addEventListener('mouseout', (event) => event.isTrusted && event.stopImmediatePropagation(), true));
  await page.mouse.move(0, 0);
  await expect(toasts).toHaveCount(0, { timeout: 15_000 });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('after a tap on one toast’s Close, the others still close by themselves', async ({ page }) => {
    await signInFreshUser(page);
    await page.goto('/privacy-settings');
    const acceptAll = page.getByRole('button', { name: CONSENT_BUTTONS.acceptAll });
    for (let i = 0; i < 3; i += 1) await acceptAll.tap();
    const toasts = page.getByRole('region', { name: /^Notifications/ }).locator('[data-sonner-toast]');
    await expect(toasts).toHaveCount(3);
    // The tap leaves the page's "hover" where the finger was, over the stack (sonner opens it).
    await toasts.first().getByRole('button', { name: 'Close notification' }).tap();
    await expect(toasts).toHaveCount(2);
    await expect(toasts).toHaveCount(0, { timeout: 15_000 });
  });
});
