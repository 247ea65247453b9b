import { expect, test, type Page } from '@playwright/test';
import { file, makePdf } from '../fixtures/documents/make-files';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';
import { startEnvironment, type Environment } from '../support/environment';
import { seedAcceptedConsent, signUpFreshUser } from '../support/signed-in-session';

// Issue 21 §1, through a person's own steps with the service worker on: sign in, open the library,
// wait until the worker controls the page, lose the connection, reload. The app opens from what the
// device had — never "Application Error" / "Dossier could not start".
test.use({ serviceWorkers: 'allow' });

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
}

function startErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /could not start|app-config/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

test('offline, a reload opens the library, the dashboard and portfolios from what the device had', async ({ page, context }) => {
  test.setTimeout(3 * 60_000);
  const errors = startErrors(page);
  await signInThroughUi(page);
  await openLibrary(page);
  await controlled(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.goto('/portfolios');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolios' })).toBeVisible();
  await openLibrary(page);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('offline-data-notice')).toContainText('Offline — showing what you had');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolios' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolios' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Application Error')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
  expect(errors).toEqual([]);
});

test('an upload in a tab opened offline is queued, sent by itself once online, and its row then says Uploaded', async ({ page, context }) => {
  test.setTimeout(3 * 60_000);
  await signInThroughUi(page);
  await openLibrary(page);
  await controlled(page);

  await context.setOffline(true);
  const tab = await context.newPage();
  try {
    await tab.goto('/documents');
    await expect(tab.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible({ timeout: 30_000 });
    await tab.getByTestId('upload-input').setInputFiles([file('insurance-2026.pdf', makePdf(['Home insurance 2026']), 'application/pdf')]);
    const row = tab.getByTestId('upload-row').filter({ hasText: 'insurance-2026.pdf' });
    await expect(row.getByRole('status')).toHaveText('Queued until online', { timeout: 30_000 });
  } finally {
    await context.setOffline(false);
  }
  // Back online: sent without a click, and the row follows the queue.
  const row = tab.getByTestId('upload-row').filter({ hasText: 'insurance-2026.pdf' });
  await expect(row.getByRole('status')).toHaveText('Uploaded', { timeout: 60_000 });
  await expect(row).not.toContainText('Queued until online');
  await expect(tab.getByTestId('queued-uploads')).toHaveCount(0);
  await openLibrary(page);
  await expect(page.getByTestId('library-count')).toHaveText('1 document');
});

test.describe('the connection is gone but the browser still says online', () => {
  // Its own instance: this test stops every server (shell, remotes, API) while the page stays open,
  // as when Wi-Fi drops without the browser noticing, or DevTools' offline switch for the page.
  let environment: Environment | undefined;
  test.beforeAll(async () => {
    environment = await startEnvironment({ withStack: true });
  });
  test.afterAll(async () => {
    await environment?.stop();
  });

  test('a reload still opens the library from what the device had', async ({ page }) => {
    test.setTimeout(3 * 60_000);
    const running = environment!;
    const errors = startErrors(page);
    await page.goto(`${running.shellUrl}/terms`);
    await seedAcceptedConsent(page.context());
    const user = await signUpFreshUser(page, 'Olive Offline');
    await page.goto(`${running.shellUrl}/auth`);
    const form = page.locator('form');
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password').fill(user.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto(`${running.shellUrl}/documents`);
    await expect(page.getByTestId('library-count')).toHaveText(/\d+ documents?/);
    await controlled(page);

    environment = undefined;
    await running.stop();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Application Error')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
