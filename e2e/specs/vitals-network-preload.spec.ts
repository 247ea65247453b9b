import { expect, test, type Page } from '@playwright/test';
import { readAppConfig, signInFreshUser } from '../support/signed-in-session';

/** Opens /privacy-settings (the account area) and reports whether the documents area's manifest was fetched meanwhile. */
async function documentsFetchedWhileOnAccountPage(page: Page): Promise<boolean> {
  const { remotes } = await readAppConfig(page);
  let fetched = false;
  const listener = (request: { url(): string }) => {
    if (request.url() === remotes.documents) fetched = true;
  };
  page.on('request', listener);
  await page.goto('/privacy-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Settings' })).toBeVisible();
  // Preloading runs when the browser is idle; the manifest request is the first thing it does.
  await page.waitForLoadState('networkidle');
  // Let the page reach an idle period (when preloading would start) and settle again.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 200), { timeout: 5_000 })));
  await page.waitForLoadState('networkidle');
  page.off('request', listener);
  return fetched;
}

test.describe('network strategy decides remote preloading (SPEC §9)', () => {
  test('on a fast link the other areas are preloaded while idle', async ({ page }) => {
    await signInFreshUser(page);
    await expect.poll(() => documentsFetchedWhileOnAccountPage(page), { timeout: 30_000 }).toBe(true);
  });

  test('on 2g nothing is preloaded', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { effectiveType: '2g', downlink: 0.2, saveData: false } }));
    await signInFreshUser(page);
    expect(await documentsFetchedWhileOnAccountPage(page)).toBe(false);
  });
});
