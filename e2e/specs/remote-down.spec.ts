import { expect, test } from '@playwright/test';
import { ERROR_SCREEN_BUTTONS, ERROR_SCREEN_TITLES, SHARE_MESSAGES } from '@dossier/shared/core';
import { startEnvironment, type Environment } from '../support/environment';

// Its own instance: this suite takes a remote's host down and up again. With its own stack, so the
// documents area's /link page can ask the API once it is back.
let environment: Environment;
test.beforeAll(async () => {
  environment = await startEnvironment({ withStack: true });
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

  // The frame keeps working: a visitor's header (the brand and Sign in, no members' nav: ADR 0246).
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Dossier', exact: true }).click();
  await expect(page.locator('main [data-area-outlet="shell"]')).toBeVisible();
  await page.goto(`${environment.shellUrl}/terms`);
  await expect(page.locator('main [data-area-outlet="account"]').getByRole('heading', { level: 1 }).first()).toBeVisible();

  // Still down: the error screen again, inside the documents area only.
  await page.goto(`${environment.shellUrl}/link/3f9a1c`);
  await expect(area.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain })).toBeVisible({ timeout: 30_000 });

  await environment.startRemote('documents');
  await area.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain }).click();
  // The area's own page now: the link page says the (made-up) link is not available; no error screen.
  await expect(area.getByRole('heading', { level: 1, name: SHARE_MESSAGES.unavailable })).toBeVisible();
  await expect(area.getByRole('heading', { name: ERROR_SCREEN_TITLES.network })).toHaveCount(0);
  await expect(area.getByRole('button', { name: ERROR_SCREEN_BUTTONS.reloadPage })).toHaveCount(0);
});
