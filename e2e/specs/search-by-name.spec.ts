// Names are searchable (issue 21 item 3): a file's name typed as shown finds it, above a document
// that only mentions the words, and the highlighted match is visible in the row — at 390 and 1440,
// light and dark, with no sideways scroll and no serious axe finding.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { file, makePdf } from '../fixtures/documents/make-files';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';

const items = (page: Page) => page.getByTestId('document-item');
const item = (page: Page, name: string) => items(page).filter({ has: page.getByRole('button', { name, exact: true }) });

test('a name typed as shown finds its document first, and the row shows the highlighted match', async ({ page }) => {
  test.setTimeout(180_000);
  await signInThroughUi(page);
  await openLibrary(page);
  const files = [
    file('libtasn1.pdf', makePdf(['ASN.1 library reference manual']), 'application/pdf'),
    file(
      'installation-notes.pdf',
      makePdf(['Chapter one of the installation guide explains at great length how to build and configure the libtasn1 parser for this system']),
      'application/pdf',
    ),
  ];
  await page.getByTestId('upload-input').setInputFiles(files);
  for (const f of files) {
    await expect(page.getByTestId('upload-row').filter({ hasText: f.name }).getByRole('status')).toHaveText('Uploaded', { timeout: 30_000 });
  }

  await page.getByLabel('Search documents').fill('libtasn1.pdf');
  await expect(items(page)).toHaveCount(2);
  await expect(items(page).first()).toContainText('libtasn1.pdf');

  // While typing: a prefix of the name.
  await page.getByLabel('Search documents').fill('libtas');
  await expect(items(page)).toHaveCount(1);
  await expect(item(page, 'libtasn1.pdf')).toBeVisible();

  // The text match deep in a long sentence is within the row's visible box.
  await page.getByLabel('Search documents').fill('libtasn1');
  const row = item(page, 'installation-notes.pdf');
  const mark = row.locator('mark').first();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const [width, height] of [[1440, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      await expect(mark).toHaveText('libtasn1');
      const snippet = await row.locator('.doc-snippet').boundingBox();
      const shown = await mark.boundingBox();
      expect(snippet && shown && shown.x >= snippet.x && shown.x + shown.width <= snippet.x + snippet.width + 1).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`search-${width}-${colorScheme}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    }
  }
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
