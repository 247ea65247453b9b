import { expect, test } from '@playwright/test';
import { ERROR_SCREEN_BUTTONS } from '@dossier/shared/core';
import { startEnvironment, type Environment } from '../support/environment';

// A page's own chunk fails to load (the area's manifest and entry are fine): the error screen
// shows inside the area, and Try Again loads the page afresh once the chunk is reachable again.
let environment: Environment;
test.beforeAll(async () => {
  environment = await startEnvironment();
});
test.afterAll(async () => {
  await environment?.stop();
});

test('a blocked page chunk shows the error screen; Try Again after unblocking shows the page', async ({ page }) => {
  const accountOrigin = new URL(environment.remotes.account).origin;
  const area = page.locator('main [data-area-outlet="account"]');

  // The account area loads with its privacy page: manifest, entry and shared chunks are in.
  await page.goto(`${environment.shellUrl}/privacy`);
  await expect(area.getByRole('heading', { level: 1 }).first()).toBeVisible();

  // From now on every further script of the account area fails, like a dropped connection.
  const blocked: string[] = [];
  const block = async (route: import('@playwright/test').Route) => {
    blocked.push(route.request().url());
    await route.abort('connectionreset');
  };
  const accountScripts = (url: URL) => url.origin === accountOrigin && url.pathname.endsWith('.js');
  await page.route(accountScripts, block);

  // In-app navigation (the area stays loaded): the privacy page links to the terms page.
  await area.getByRole('link', { name: 'Terms of Service' }).first().click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(area.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain })).toBeVisible({ timeout: 30_000 });
  expect(blocked.length).toBeGreaterThan(0);
  expect(blocked.some((url) => /mf-manifest\.json|remoteEntry\.js/.test(url))).toBe(false);

  await page.unroute(accountScripts, block);
  await area.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain }).click();
  await expect(area.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await expect(area.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain })).toHaveCount(0);
});
