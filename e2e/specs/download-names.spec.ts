// Downloads that open (issue 21 item 2): a renamed document is saved under its display name, in
// UTF-8, with its file's extension, as Chromium reads Storage's Content-Disposition (no mocks: the
// local stack's Storage, real supabase-js). The share link's name: supabase/tests/sharing.test.ts.
import { expect, test, type Page } from '@playwright/test';
import { file, makePdf } from '../fixtures/documents/make-files';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';

const panel = (page: Page) => page.getByRole('dialog', { name: 'Document details' });
const RENAMED = 'Passport – Eleanor Whitfield';

test('a renamed document downloads as “Passport – Eleanor Whitfield.pdf” from the panel', async ({ page }) => {
  test.setTimeout(180_000);
  await signInThroughUi(page);
  await openLibrary(page);
  await page.getByTestId('upload-input').setInputFiles([file('passport-scan.pdf', makePdf(['Passport of the holder']), 'application/pdf')]);
  await expect(page.getByTestId('upload-row').filter({ hasText: 'passport-scan.pdf' }).getByRole('status')).toHaveText('Uploaded', { timeout: 30_000 });

  await page.getByTestId('document-item').getByRole('button', { name: 'passport-scan.pdf', exact: true }).click();
  await panel(page).getByLabel('Name').fill(RENAMED);
  await panel(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();

  const [own] = await Promise.all([page.waitForEvent('download'), panel(page).getByRole('button', { name: 'Download', exact: true }).click()]);
  expect(own.suggestedFilename()).toBe(`${RENAMED}.pdf`);
});
