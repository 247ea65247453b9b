import { expect, test } from '@playwright/test';
import { file, makePdf } from '../fixtures/documents/make-files';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';

test('an upload made offline is queued, survives a reload and is stored once when back online', async ({ page, context }) => {
  await signInThroughUi(page);
  await openLibrary(page);
  await expect(page.getByTestId('empty-library')).toBeVisible();

  await context.setOffline(true);
  await page.getByTestId('upload-input').setInputFiles([file('offline-receipt.pdf', makePdf(['Receipt written on a train without signal']), 'application/pdf')]);
  const row = page.getByTestId('upload-row').filter({ hasText: 'offline-receipt.pdf' });
  await expect(row.getByRole('status')).toHaveText('Queued until online');
  await expect(row).toContainText('it will be uploaded when you are back online');

  await context.setOffline(false);
  await page.reload();
  await openLibrary(page);
  const items = page.getByTestId('document-item');
  await expect(items).toHaveCount(1, { timeout: 30_000 });
  await expect(items.first()).toContainText('offline-receipt.pdf');

  // Its text was extracted at some point (before queueing or at replay): search finds it.
  await page.getByLabel('Search documents').fill('train signal');
  await expect(page.getByTestId('document-item')).toHaveCount(1);

  // A second reload replays nothing twice.
  await page.reload();
  await openLibrary(page);
  await expect(page.getByTestId('library-count')).toHaveText('1 document');
});
