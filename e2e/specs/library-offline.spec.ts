import { expect, test, type Page } from '@playwright/test';
import { file, makePdf } from '../fixtures/documents/make-files';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';
import { snapshotHas } from '../support/persisted-queries';

// Issue #9 §4 (SPEC §4 "cached documents and portfolios are used"): an offline reload shows the
// library as last seen, marked as such; an upload queued offline stays listed after a reload and
// gets the duplicate check when it is replayed.
test.use({ serviceWorkers: 'allow' });

const item = (page: Page, name: string) => page.getByTestId('document-item').filter({ has: page.getByRole('button', { name, exact: true }) });

test('an offline reload shows the library from cache; a queued duplicate waits for "Keep both"', async ({ page, context }) => {
  test.setTimeout(3 * 60_000);
  await signInThroughUi(page);
  await openLibrary(page);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  const lease = makePdf(['Lease for 2026', 'Signed by both parties']);
  await page.getByTestId('upload-input').setInputFiles([file('lease-2026.pdf', lease, 'application/pdf')]);
  await expect(page.getByTestId('upload-row').getByRole('status')).toHaveText('Uploaded', { timeout: 30_000 });
  await expect(item(page, 'lease-2026.pdf')).toBeVisible();
  await expect(page.getByTestId('offline-data-notice')).toHaveCount(0);
  await expect.poll(() => snapshotHas(page, 'lease-2026.pdf'), { timeout: 15_000 }).toBe(true);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible({ timeout: 30_000 });
    await expect(item(page, 'lease-2026.pdf')).toBeVisible();
    await expect(page.getByTestId('offline-data-notice')).toContainText('Offline — showing what you had');

    // The same file again, offline: queued, and still listed with its state after a reload.
    await page.getByTestId('upload-input').setInputFiles([file('lease-copy.pdf', lease, 'application/pdf')]);
    await expect(page.getByTestId('upload-row').filter({ hasText: 'lease-copy.pdf' }).getByRole('status')).toHaveText('Queued until online');
    await page.reload();
    const queued = page.getByTestId('queued-upload').filter({ hasText: 'lease-copy.pdf' });
    await expect(queued).toBeVisible({ timeout: 30_000 });
    await expect(queued.getByRole('status')).toHaveText('Waiting — sent when you are back online');
  } finally {
    await context.setOffline(false);
  }

  // Back online: the replay finds the same content and asks instead of storing a second copy.
  const queued = page.getByTestId('queued-upload').filter({ hasText: 'lease-copy.pdf' });
  await expect(queued.getByRole('status')).toHaveText('You already have this file as “lease-2026.pdf”.', { timeout: 30_000 });
  await expect(page.getByTestId('library-count')).toHaveText('1 document');
  await queued.getByRole('button', { name: 'Keep both' }).click();
  await expect(page.getByTestId('queued-uploads')).toHaveCount(0, { timeout: 30_000 });
  await page.reload();
  await expect(item(page, 'lease-copy.pdf')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('library-count')).toHaveText('2 documents');
});
