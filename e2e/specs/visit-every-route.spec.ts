import { expect, test, type Page } from '@playwright/test';
import { LOADING_TEXT } from '@dossier/shared/core';
import { signInFreshStaff } from '../support/shell-auth';
import { signInFreshUser } from '../support/signed-in-session';

/** SPEC §2: every route, with the area that owns it (docs/architecture.md "Who owns what"). */
const ROUTES: [path: string, area: string][] = [
  ['/', 'shell'],
  ['/dashboard', 'shell'],
  ['/share-handler', 'shell'],
  ['/documents', 'documents'],
  ['/manage-tags', 'documents'],
  ['/link/3f9a1c', 'documents'],
  ['/portfolios', 'portfolios'],
  ['/portfolios/00000000-0000-4000-8000-000000000001', 'portfolios'],
  ['/portfolio/7d2e4b', 'portfolios'],
  ['/settings', 'account'],
  ['/privacy-settings', 'account'],
  ['/privacy', 'account'],
  ['/terms', 'account'],
  ['/transfers', 'account'],
  ['/payment-success', 'account'],
];

const DEBUG_ROUTES = [
  '/portfolio-debug',
  '/error-demo',
  '/oauth-debug',
  '/oauth-test',
  '/oauth-timing-test',
  '/oauth-debug-page',
  '/oauth-callback',
  '/supabase-test',
  '/google-drive-debug-uri',
  '/google-oauth-test',
  '/google-scope-debugger',
  '/google-verification-checker',
  '/google-production-debugger',
  '/google-redirect-debugger',
  '/redirect-test',
  '/dashboard-debug',
  '/production-oauth-debug',
];

async function expectArea(page: Page, area: string) {
  const outlet = page.locator(`main [data-area-outlet="${area}"]`);
  await expect(outlet).toBeVisible();
  await expect(page.getByText(LOADING_TEXT, { exact: true })).toHaveCount(0);
  await expect(outlet.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Try Again' })).toHaveCount(0);
}

test.describe('a signed-in person visits every route', () => {
  test.beforeEach(async ({ page }) => {
    await signInFreshUser(page, 'Route Walker');
  });

  for (const [path, area] of ROUTES) {
    test(`${path} answers with the ${area} area`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === path || area === 'shell');
      await expectArea(page, area);
    });
  }

});

test.describe('the diagnostic pages', () => {
  test('a member of staff reaches every debug route, each a parcel of the diagnostics area', async ({ page }) => {
    await signInFreshStaff(page);
    for (const path of DEBUG_ROUTES) {
      await page.goto(path);
      await expectArea(page, 'debug');
      await expect(page.locator('[data-parcel-host] [data-area="debug"]')).toBeVisible();
    }
  });

  test('a signed-in person without the staff claim sees none of their content', async ({ page }) => {
    await signInFreshUser(page, 'Curious Cleo');
    await page.goto('/supabase-test');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff only' })).toBeVisible();
    await expect(page.locator('[data-area="debug"]')).toHaveCount(0);
  });

  test('an anonymous visitor is sent to sign in', async ({ page }) => {
    await page.goto('/dashboard-debug');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard-debug$/);
  });
});

test('a visitor reaches the sign-in page, and is sent there from a page that needs sign-in', async ({ page }) => {
  await page.goto('/auth');
  await expectArea(page, 'shell');
  await page.goto('/documents');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fdocuments$/);
});

test('an unknown path shows the not-found page with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expectArea(page, 'shell');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});
