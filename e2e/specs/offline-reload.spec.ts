import { expect, test, type Page } from '@playwright/test';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';

// Issue 21 §1: a person signs in, opens the library, waits until the service worker controls the
// page, goes offline and reloads. The app must open from what the device had, not "Application Error".
test.use({ serviceWorkers: 'allow' });

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
}

test('an offline reload of the library, the dashboard and portfolios opens from what the device had', async ({ page, context }) => {
  test.setTimeout(3 * 60_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signInThroughUi(page);
  await openLibrary(page);
  await controlled(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.goto('/portfolios');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await openLibrary(page);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByText('Application Error')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('offline-data-notice')).toContainText('Offline — showing what you had');
    await page.goto('/dashboard').catch(() => undefined);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Application Error')).toHaveCount(0);
    await page.goto('/portfolios').catch(() => undefined);
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolios' })).toBeVisible({ timeout: 30_000 });
  } finally {
    await context.setOffline(false);
  }
  expect(errors.filter((text) => /could not start/.test(text))).toEqual([]);
});
