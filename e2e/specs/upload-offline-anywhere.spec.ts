import { expect, test, type Page } from '@playwright/test';
import { file, makePdf } from '../fixtures/documents/make-files';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';

/** Operations waiting in the shell's IndexedDB queue (shell/src/features/pending-operations). */
function queuedOperations(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('dossier-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('pending-operations').objectStore('pending-operations').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

// The documents area registers its upload replay when it loads (docs/decisions/0033), so an
// upload queued offline completes wherever the person is — here on the account area's /settings.
test('an upload queued offline on /documents completes while the person is on /settings', async ({ page, context }) => {
  await signInThroughUi(page);
  // Open the library first, so every area /settings draws from (the account area, the documents
  // area's reminder widget, the shared modules whichever area offers them) has registered; then
  // visit Settings once online, so its code is loaded when we return to it offline. Service
  // workers, which would have precached it, are off in this suite.
  await openLibrary(page);
  await page.goto('/settings');
  await expect(page.locator('main [data-area-outlet="account"]').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Expiry reminders' })).toBeVisible();
  await openLibrary(page);
  await expect(page.getByTestId('empty-library')).toBeVisible();
  // A person spends a moment here: once this page is done the shell preloads the other areas
  // (issue 24, remote-preloader.tsx). Going offline before that leaves Settings' code unloaded,
  // as service workers (which keep every area's files) are off in this suite.
  const accountOrigin = await page.evaluate(async () => {
    const config = (await (await fetch('/app-config.json')).json()) as { remotes: { account: string } };
    return new URL(config.remotes.account, location.href).origin;
  });
  await expect
    .poll(() => page.evaluate((origin) => performance.getEntriesByType('resource').filter((entry) => entry.name.startsWith(origin) && entry.name.endsWith('.js')).length, accountOrigin), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await page.getByTestId('upload-input').setInputFiles([file('queued-anywhere.pdf', makePdf(['Queued on documents, stored on settings']), 'application/pdf')]);
  const row = page.getByTestId('upload-row').filter({ hasText: 'queued-anywhere.pdf' });
  await expect(row.getByRole('status')).toHaveText('Queued until online');
  expect(await queuedOperations(page)).toBe(1);

  // In-app navigation to /settings, still offline: no documents page or widget is on screen.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.locator('main [data-area-outlet="account"]').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('main [data-area-outlet="documents"]')).toHaveCount(0);

  await context.setOffline(false);
  await expect.poll(() => queuedOperations(page), { timeout: 30_000 }).toBe(0);
  await expect(page).toHaveURL(/\/settings$/);

  await openLibrary(page);
  const items = page.getByTestId('document-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('queued-anywhere.pdf');
});
