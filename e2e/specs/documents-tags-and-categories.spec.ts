import { expect, test, type Page } from '@playwright/test';
import { file, makePdf } from '../fixtures/documents/make-files';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';

const panel = (page: Page) => page.getByRole('dialog', { name: 'Document details' });
const tagRow = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name: `Select tag ${name}` }) });

async function tagDocument(page: Page, documentName: string, tags: string[]) {
  await page.getByRole('button', { name: documentName, exact: true }).click();
  for (const tag of tags) {
    await panel(page).getByPlaceholder('Add a tag').fill(tag);
    await panel(page).getByRole('button', { name: 'Add tag', exact: true }).click();
    await expect(panel(page).getByRole('list', { name: 'Tags' })).toContainText(new RegExp(tag, 'i'));
  }
  await panel(page).getByRole('button', { name: 'Close document' }).click();
}

test('tags are created, counted, renamed, recoloured, merged and deleted; a deleted category moves its documents to Miscellaneous', async ({ page }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await signInThroughUi(page);
  await openLibrary(page);
  await page.getByTestId('upload-input').setInputFiles([
    file('will.pdf', makePdf(['Last will and testament']), 'application/pdf'),
    file('boarding-pass.pdf', makePdf(['Boarding pass, gate 12']), 'application/pdf'),
  ]);
  await expect(page.getByTestId('library-count')).toHaveText('2 documents');
  await tagDocument(page, 'will.pdf', ['Family', 'Important']);
  await tagDocument(page, 'boarding-pass.pdf', ['important']);

  await page.getByRole('link', { name: 'Manage tags' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage tags' })).toBeVisible();
  // "important" matched the existing "Important" (names are unique regardless of case).
  await expect(tagRow(page, 'Important')).toContainText('2');
  await expect(tagRow(page, 'Family')).toContainText('1');

  await page.getByLabel('New tag').fill('Someday');
  await page.getByRole('button', { name: 'Create tag' }).click();
  await expect(tagRow(page, 'Someday')).toContainText('0');
  await page.getByRole('button', { name: 'Rename Someday' }).click();
  await page.getByLabel('New name for Someday').fill('Later');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(tagRow(page, 'Later')).toBeVisible();
  await page.getByLabel('Colour of Later').fill('#dc2626');
  await expect(page.getByLabel('Colour of Later')).toHaveValue('#dc2626');

  await page.getByRole('checkbox', { name: 'Select tag Family' }).check();
  await page.getByRole('checkbox', { name: 'Select tag Important' }).check();
  await page.getByLabel(/Merge 2 tags into/).selectOption({ label: 'Important' });
  await page.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(tagRow(page, 'Family')).toHaveCount(0);
  await expect(tagRow(page, 'Important')).toContainText('2');

  await page.getByRole('button', { name: 'Delete Later' }).click();
  await page.getByRole('alertdialog', { name: 'Delete the tag “Later”?' }).getByRole('button', { name: 'Delete tag' }).click();
  await expect(tagRow(page, 'Later')).toHaveCount(0);

  // Categories: add one, file a document in it, delete it.
  await openLibrary(page);
  await page.getByRole('button', { name: 'Categories', exact: true }).click();
  const categories = page.getByRole('region', { name: 'Categories' });
  await categories.getByPlaceholder('New category').fill('Journeys');
  await categories.getByRole('button', { name: 'Add category' }).click();
  await expect(categories.getByRole('button', { name: 'Journeys', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Categories', exact: true }).click();

  await page.getByRole('button', { name: 'boarding-pass.pdf', exact: true }).click();
  await panel(page).getByLabel('Category').selectOption({ label: 'Journeys' });
  await panel(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(panel(page).getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await panel(page).getByRole('button', { name: 'Close document' }).click();

  await page.getByRole('button', { name: 'Categories', exact: true }).click();
  await categories.getByRole('button', { name: 'Delete Journeys' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Journeys”?' });
  await expect(confirm).toContainText('Its 1 document will move to Miscellaneous.');
  await confirm.getByRole('button', { name: 'Delete category' }).click();
  await expect(categories.getByRole('button', { name: 'Journeys', exact: true })).toHaveCount(0);
  await categories.getByRole('button', { name: 'Miscellaneous', exact: true }).click();
  await expect(page).toHaveURL(/[?&]category=/);
  await expect(page.getByTestId('document-item')).toHaveCount(1);
  await expect(page.getByTestId('document-item')).toContainText('boarding-pass.pdf');
});
