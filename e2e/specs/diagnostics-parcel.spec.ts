import { expect, test } from '@playwright/test';
import { signInFreshStaff } from '../support/signed-in-session';

// The diagnostic pages are for signed-in staff (issue #9).
test.beforeEach(async ({ page }) => {
  await signInFreshStaff(page);
});

test('a diagnostics page mounts as a single-spa parcel and is unmounted when the route is left', async ({ page }) => {
  await page.goto('/supabase-test');
  const parcel = page.locator('main [data-parcel-host]');
  await expect(parcel.getByRole('heading', { level: 1, name: 'Supabase test' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-diagnostics-parcel', '/supabase-test');
  await parcel.getByRole('button', { name: 'Check the API' }).click();
  await expect(parcel.locator('output')).toHaveText(/Reachable: HTTP 200|Answered with an error|Unreachable/);

  // Another debug route: the first parcel unmounts, the second mounts in its own root.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/error-demo');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(parcel.getByRole('heading', { level: 1, name: 'Error demo' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-diagnostics-parcel', '/error-demo');

  // Leaving the area through the nav unmounts the parcel (its React root runs its cleanups).
  await page.getByRole('link', { name: 'Dossier', exact: true }).click();
  await expect(page.locator('main [data-area-outlet="shell"]')).toBeVisible();
  await expect(page.locator('[data-parcel-host]')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-diagnostics-parcel', /.*/);
});

test("a page crash inside a parcel stays in that section of the page", async ({ page }) => {
  await page.goto('/error-demo');
  const parcel = page.locator('main [data-parcel-host]');
  await parcel.getByRole('button', { name: 'Crash this page' }).click();
  await expect(parcel.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
