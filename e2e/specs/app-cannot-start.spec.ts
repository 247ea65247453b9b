import { expect, test } from '@playwright/test';
import { APPLICATION_ERROR_TITLE, ERROR_SCREEN_BUTTONS } from '@dossier/shared/core';

test("when the app cannot read its configuration, 'Application Error' offers a reload that recovers", async ({ page }) => {
  let failConfig = true;
  await page.route('**/app-config.json', (route) => (failConfig ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue()));
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: APPLICATION_ERROR_TITLE })).toBeVisible();

  failConfig = false;
  await page.getByRole('button', { name: ERROR_SCREEN_BUTTONS.reloadPage }).click();
  await expect(page.locator('main [data-area-outlet="account"]').getByRole('heading', { level: 1 }).first()).toBeVisible();
});
