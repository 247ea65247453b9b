import { expect, test, type Page } from '@playwright/test';
import { file, makePdf, makePng } from '../fixtures/documents/make-files';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';

const items = (page: Page) => page.getByTestId('document-item');
const item = (page: Page, name: string) => items(page).filter({ has: page.getByRole('button', { name, exact: true }) });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Document details' });

async function upload(page: Page, files: ReturnType<typeof file>[], { throughEmptyLibrary = false } = {}) {
  if (throughEmptyLibrary) {
    // As a new person does: the empty library's own button opens the file picker.
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('empty-library').getByRole('button', { name: 'Choose files' }).click();
    await (await chooser).setFiles(files);
  } else {
    await page.getByTestId('upload-input').setInputFiles(files);
  }
  const rows = page.getByTestId('upload-row');
  for (const f of files) {
    await expect(rows.filter({ hasText: f.name }).getByRole('status')).toHaveText('Uploaded', { timeout: 30_000 });
  }
}

/**
 * Waits until no toast is on screen, with the pointer and focus away from them. A toast sits over
 * the short list's rows for a few seconds; a click aimed at a row under it hovers the toast, which
 * pauses its timer (as for a person), so the click would wait for good.
 */
async function toastsGone(page: import('@playwright/test').Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
}

test('upload PDFs and images with progress, find one by a word inside it, tag, filter, preview, rename, trash, restore, bulk-delete', async ({ page }) => {
  // Two waits for toasts to leave (toastsGone) come on top of the steps themselves.
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await signInThroughUi(page);
  await openLibrary(page);
  await expect(page.getByTestId('empty-library')).toBeVisible();

  const files = [
    file('lease-agreement.pdf', makePdf(['Residential lease agreement', 'Clause 7: the zanzibarquokka garden is shared']), 'application/pdf'),
    file('car-insurance.pdf', makePdf(['Motor insurance policy', 'Vehicle registration and cover']), 'application/pdf'),
    file('payslip-march.pdf', makePdf(['Payslip for March', 'Gross salary and deductions']), 'application/pdf'),
    file('passport-photo.png', makePng(), 'image/png'),
  ];
  await upload(page, files, { throughEmptyLibrary: true });
  // Every file's bar and the overall bar end full.
  for (const f of files) await expect(page.getByRole('progressbar', { name: `Upload progress for ${f.name}` })).toHaveAttribute('value', '100');
  await expect(page.getByRole('progressbar', { name: 'Overall upload progress' })).toHaveAttribute('value', '100');
  await expect(page.getByTestId('library-count')).toHaveText('4 documents');

  // A word that only the lease's PDF text layer contains.
  await page.getByLabel('Search documents').fill('zanzibarquokka');
  await expect(page).toHaveURL(/[?&]q=zanzibarquokka/);
  await expect(items(page)).toHaveCount(1);
  await expect(item(page, 'lease-agreement.pdf')).toBeVisible();
  await expect(item(page, 'lease-agreement.pdf').locator('mark')).toHaveText('zanzibarquokka');

  // Preview and tag it.
  await item(page, 'lease-agreement.pdf').getByRole('button', { name: 'lease-agreement.pdf' }).click();
  await expect(page).toHaveURL(/[?&]doc=/);
  await expect(panel(page).getByRole('img', { name: 'Page 1 of lease-agreement.pdf' })).toBeVisible();
  await panel(page).getByPlaceholder('Add a tag').fill('Housing');
  await panel(page).getByRole('button', { name: 'Add tag', exact: true }).click();
  await expect(panel(page).getByRole('list', { name: 'Tags' })).toContainText('Housing');

  // Rename it.
  await panel(page).getByLabel('Name').fill('Lease 2025.pdf');
  await panel(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(panel(page).getByRole('heading', { name: 'Lease 2025.pdf' })).toBeVisible();
  await panel(page).getByRole('button', { name: 'Close document' }).click();

  // Filter by the tag (search cleared): only the lease.
  await page.getByLabel('Search documents').fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await page.getByLabel('Filter by tag').selectOption({ label: 'Housing (1)' });
  await expect(page).toHaveURL(/[?&]tag=/);
  await expect(items(page)).toHaveCount(1);
  await expect(item(page, 'Lease 2025.pdf')).toBeVisible();
  // Back removes the filter, forward brings it back.
  await page.goBack();
  await expect(items(page)).toHaveCount(4);
  await page.goForward();
  await expect(items(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(items(page)).toHaveCount(4);

  // Trash with undo, then trash and restore from the trash view.
  await item(page, 'Lease 2025.pdf').getByRole('button', { name: 'Lease 2025.pdf' }).click();
  await panel(page).getByRole('button', { name: 'Move to trash' }).click();
  await expect(items(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(items(page)).toHaveCount(4);
  await toastsGone(page);

  await item(page, 'Lease 2025.pdf').getByRole('button', { name: 'Lease 2025.pdf' }).click();
  await panel(page).getByRole('button', { name: 'Move to trash' }).click();
  await expect(items(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Trash', exact: true }).click();
  await expect(page).toHaveURL(/[?&]trash=1/);
  await expect(items(page)).toHaveCount(1);
  await toastsGone(page);
  await item(page, 'Lease 2025.pdf').getByRole('button', { name: 'Lease 2025.pdf' }).click();
  await panel(page).getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('empty-trash')).toBeVisible();
  await page.getByRole('button', { name: 'Documents', exact: true }).click();
  await expect(items(page)).toHaveCount(4);

  // Bulk: select two, move them to the trash.
  await page.getByRole('checkbox', { name: 'Select car-insurance.pdf' }).click();
  await page.getByRole('checkbox', { name: 'Select payslip-march.pdf' }).click();
  const bulk = page.getByRole('toolbar', { name: 'Selected documents' });
  await expect(bulk).toContainText('2 documents selected');
  await bulk.getByRole('button', { name: 'Move to trash' }).click();
  await expect(items(page)).toHaveCount(2);
  await expect(page.getByTestId('library-count')).toHaveText('2 documents');
  expect(dialogs).toEqual([]);
});

test('a file named like markup is shown as text and runs nothing', async ({ page }) => {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await signInThroughUi(page);
  await openLibrary(page);
  const evil = '<img src=x onerror=alert(1)>.pdf';
  await upload(page, [file(evil, makePdf(['harmless content']), 'application/pdf')]);
  await expect(item(page, evil)).toBeVisible();
  await item(page, evil).getByRole('button', { name: evil }).click();
  await expect(panel(page).getByRole('heading', { name: evil })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(alerts).toEqual([]);
});
