// Downloads that open (issue 21 item 2): a renamed document is saved under its display name, in
// UTF-8, with its file's extension — from the owner's panel and from a share link — as Chromium
// reads Storage's Content-Disposition (no mocks: the local stack's Storage, real supabase-js).
import { expect, test, type Page } from '@playwright/test';
import { file, makePdf } from '../fixtures/documents/make-files';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';

const panel = (page: Page) => page.getByRole('dialog', { name: 'Document details' });
const RENAMED = 'Passport – Eleanor Whitfield';

test('a renamed document downloads as “Passport – Eleanor Whitfield.pdf” from the panel and from a share link', async ({ page, browser }) => {
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

  await panel(page).getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Share “${RENAMED}”` });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = dialog.getByLabel('Link', { exact: true });
  await expect(link).toHaveValue(/\/link\/[A-Za-z0-9_-]{32}$/);
  const url = await link.inputValue();

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(url);
  const [shared] = await Promise.all([visitor.waitForEvent('download'), visitor.getByRole('button', { name: `Download ${RENAMED}` }).click()]);
  expect(shared.suggestedFilename()).toBe(`${RENAMED}.pdf`);
  await context.close();
});
