import { expect, test, type Route } from '@playwright/test';
import { ERROR_SCREEN_BUTTONS } from '@dossier/shared/core';
import { signInFreshUser } from '../support/signed-in-session';

// A widget whose own code chunk fails to load stays inside its card (an inline error with Try
// Again): the dashboard and the other widgets still show, and Try Again loads it afresh.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`a blocked widget chunk shows an inline error; the page stays; Try Again after unblocking shows the widget (${viewport.width}x${viewport.height})`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    // The portfolios summary widget's chunk is the script that carries its empty-state words.
    const WIDGET_TEXT = 'Group documents for a house purchase';
    let blocking = false;
    const blocked: string[] = [];
    const onScript = async (route: Route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (blocking && body.includes(WIDGET_TEXT) && !/remoteEntry|mf-manifest/.test(route.request().url())) {
        blocked.push(route.request().url());
        return route.abort('connectionreset');
      }
      return route.fulfill({ response, body });
    };
    await page.route((url) => url.pathname.endsWith('.js'), onScript);

    await signInFreshUser(page, 'Wanda Widgets');
    blocking = true;
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /Wanda Widgets/ })).toBeVisible();

    const summary = page.locator('[data-widget="portfolios.summary"]');
    await expect(summary.getByRole('alert')).toContainText('This section could not be shown.', { timeout: 30_000 });
    expect(blocked.length).toBeGreaterThan(0);
    // The page and its other widgets are untouched: no area error screen.
    await expect(page.locator('[data-widget="documents.recent"]').getByText('Loading...')).toHaveCount(0);
    await expect(page.locator('[data-widget="documents.recent"]').getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain })).toHaveCount(1);
    const retry = (await summary.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain }).boundingBox())!;
    expect(retry.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await summary.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`widget-failed-${viewport.width}.png`) });

    blocking = false;
    await summary.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain }).click();
    await expect(summary).toContainText('No portfolios yet', { timeout: 30_000 });
    await expect(summary.getByRole('alert')).toHaveCount(0);
  });
}
