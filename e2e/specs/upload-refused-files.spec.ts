import { expect, test } from '@playwright/test';
import { file, makePdf, makeProgram } from '../fixtures/documents/make-files';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';

// app-config.json is answered by the test, so the service worker must not answer it instead.
test.use({ serviceWorkers: 'block' });

test('files that are too big or of the wrong content are refused with their names and reasons', async ({ page }) => {
  // A small limit through the runtime config (uploadMaxBytes), as an operator would set it.
  await page.route('**/app-config.json', async (route) => {
    const response = await route.fetch();
    const config = await response.json();
    await route.fulfill({ response, json: { ...config, uploadMaxBytes: 4096 } });
  });
  await signInThroughUi(page);
  await openLibrary(page);
  await expect(page.getByText('up to 4 KB')).toBeVisible();

  const big = makePdf(['x'.repeat(200), ...Array.from({ length: 150 }, (_, i) => `line ${i} of a long statement`)]);
  expect(big.length).toBeGreaterThan(4096);
  await page.getByTestId('upload-input').setInputFiles([
    file('bank-statement.pdf', big, 'application/pdf'),
    file('invoice.pdf', makeProgram(), 'application/pdf'),
    file('setup.exe', makeProgram()),
    file('ok.pdf', makePdf(['small and fine']), 'application/pdf'),
  ]);
  const rows = page.getByTestId('upload-row');
  await expect(rows.filter({ hasText: 'bank-statement.pdf' })).toContainText('“bank-statement.pdf” was not uploaded: it is larger than the 4 KB limit.');
  await expect(rows.filter({ hasText: 'invoice.pdf' })).toContainText('“invoice.pdf” was not uploaded: its content is not a PDF file.');
  await expect(rows.filter({ hasText: 'setup.exe' })).toContainText('“setup.exe” was not uploaded: only PDFs, images');
  await expect(rows.filter({ hasText: 'ok.pdf' }).getByRole('status')).toHaveText('Uploaded');
  // The list's summary counts what happened, failures with their reasons (issue 21 §4).
  await expect(page.getByText(/^Uploaded 1 · Failed 3 — 1: “/)).toContainText('(and 1 other reason, shown with each file)');
  await expect(page.getByTestId('library-count')).toHaveText('1 document');
});
