import { expect, test } from '@playwright/test';
import { ERROR_SCREEN_BUTTONS, ERROR_SCREEN_TITLES } from '@dossier/shared/core';
import { startEnvironment, type Environment } from '../support/environment';

// Its own instance: this suite takes a remote's host down and up again.
let environment: Environment;
test.beforeAll(async () => {
  environment = await startEnvironment();
});
test.afterAll(async () => {
  await environment?.stop();
});

test('when the documents remote is down, only its area fails; Try Again loads it once it is back', async ({ page }) => {
  await environment.stopRemote('documents');
  await page.goto(`${environment.shellUrl}/link/3f9a1c`);

  const area = page.locator('main [data-area-outlet="documents"]');
  await expect(area.getByRole('heading', { name: ERROR_SCREEN_TITLES.network })).toBeVisible({ timeout: 30_000 });
  await expect(area.getByText('The Documents area could not be loaded.')).toBeVisible();
  await expect(area.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain })).toBeVisible();
  await expect(area.getByRole('button', { name: ERROR_SCREEN_BUTTONS.reloadPage })).toBeVisible();

  // The navigation and the other areas keep working.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Portfolios' })).toBeVisible();
  await page.getByRole('link', { name: 'Dossier', exact: true }).click();
  await expect(page.locator('main [data-area-outlet="shell"]')).toBeVisible();
  await page.goto(`${environment.shellUrl}/terms`);
  await expect(page.locator('main [data-area-outlet="account"]').getByRole('heading', { level: 1 }).first()).toBeVisible();

  // Still down: the error screen again, inside the documents area only.
  await page.goto(`${environment.shellUrl}/link/3f9a1c`);
  await expect(area.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain })).toBeVisible({ timeout: 30_000 });

  await environment.startRemote('documents');
  await area.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain }).click();
  await expect(area.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(area.getByRole('alert')).toHaveCount(0);
});
