import { expect, test, type Page } from '@playwright/test';
import { file, makePdf } from '../fixtures/documents/make-files';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';

// Issue #9 §3: the grid shows real thumbnails for a PDF (its first page, rendered at upload and
// stored beside it) and a PNG, both resized by Storage's render/image endpoint (the local stack's
// sharp implementation of Supabase's image transformations).
const card = (page: Page, name: string) => page.getByTestId('document-item').filter({ has: page.getByRole('button', { name, exact: true }) });

async function thumbnailOf(page: Page, name: string) {
  const img = card(page, name).getByTestId('document-thumbnail');
  await expect(img).toHaveAttribute('src', /\/storage\/v1\/render\/image\/sign\/documents\//);
  // Decoded: the browser really received an image (not an error answer).
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  return img;
}

test('the grid shows real thumbnails for a PDF and a PNG; a type without a picture shows its label', async ({ page }) => {
  await signInThroughUi(page);
  await openLibrary(page);
  // A real photo-sized PNG, drawn by the browser (the tiny fixture PNG is not one libpng accepts).
  const png = Buffer.from(
    (
      await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 800;
        canvas.height = 600;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#1d4ed8';
        context.fillRect(0, 0, 800, 600);
        context.fillStyle = '#fbbf24';
        context.fillRect(200, 150, 400, 300);
        return canvas.toDataURL('image/png');
      })
    ).split(',')[1]!,
    'base64',
  );
  const files = [
    file('scan-first-page.pdf', makePdf(['Thumbnail test', 'First page of the scan']), 'application/pdf'),
    file('receipt-photo.png', png, 'image/png'),
    file('notes.txt', Buffer.from('plain text has no picture'), 'text/plain'),
  ];
  await page.getByTestId('upload-input').setInputFiles(files);
  for (const f of files) {
    await expect(page.getByTestId('upload-row').filter({ hasText: f.name }).getByRole('status')).toHaveText('Uploaded', { timeout: 30_000 });
  }
  await page.getByRole('button', { name: 'Grid' }).click();
  await expect(page).toHaveURL(/[?&]view=grid/);

  const pdf = await thumbnailOf(page, 'scan-first-page.pdf');
  // A rendered page, scaled by the server to the card's box at 2× (448×336, cover).
  expect(await pdf.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([448, 336]);
  const photo = await thumbnailOf(page, 'receipt-photo.png');
  expect(await photo.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([448, 336]);
  await expect(card(page, 'notes.txt').getByTestId('document-thumbnail')).toHaveCount(0);
  await expect(card(page, 'notes.txt')).toContainText('Text');

  // The list shows the same pictures, smaller.
  await page.getByRole('button', { name: 'List' }).click();
  await thumbnailOf(page, 'scan-first-page.pdf');
  // Under each picture (and in its place offline, or while it loads) the kind's label fits the
  // row's 44px box on one line: "Image" once broke into "Ima" / "ge".
  const labels = page.getByTestId('document-item').locator('.doc-thumb-placeholder');
  await expect(labels).toHaveCount(3);
  const lineCounts = await labels.evaluateAll((elements) =>
    elements.map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return `${element.textContent}: ${range.getClientRects().length}`;
    }),
  );
  expect(lineCounts.sort()).toEqual(['Image: 1', 'PDF: 1', 'Text: 1']);
});
