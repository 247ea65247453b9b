import { expect, test, type Browser, type Page } from '@playwright/test';
import { asPerson, signInFreshUser } from '../support/signed-in-session';

// Issue 15 §2: documents that file themselves. A passport page as a text PDF (rendered by the test)
// is analysed right after upload; its suggestions — category and a tag, each with a confidence —
// show in the upload list and are accepted with one click. Auto-apply is off by default; switched
// on in Settings it files the next upload at once, says so, and can be undone. An OCR language chosen
// in Settings (§1) is fetched from the app's own origin only when a scan is next read.

async function passportPdf(browser: Browser): Promise<Buffer> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent(`
    <body style="font:18px/1.5 Arial,sans-serif;padding:40px">
      <h1>PASSPORT</h1>
      <p>Surname: TESTER</p><p>Given names: DANA</p><p>Nationality: BRITISH CITIZEN</p>
      <p>Date of birth: 02 FEB 1990</p><p>Date of issue: 14 MAR 2021</p>
    </body>`);
  const pdf = await page.pdf({ format: 'A4' });
  await context.close();
  return pdf;
}

const row = (page: Page, name: string) => page.getByTestId('upload-row').filter({ hasText: name });

async function upload(page: Page, browser: Browser, name: string) {
  await page.getByTestId('upload-input').setInputFiles({ name, mimeType: 'application/pdf', buffer: await passportPdf(browser) });
  await expect(row(page, name).getByRole('status')).toHaveText('Uploaded', { timeout: 30_000 });
}

const panel = (page: Page) => page.getByRole('dialog', { name: 'Document details' });

async function openDocument(page: Page, name: string) {
  await page.getByTestId('document-item').getByRole('button', { name }).click();
  await expect(panel(page)).toBeVisible();
}

test('suggestions show in the upload list with their confidence; a tag is accepted with one click; nothing is applied unasked', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInFreshUser(page);
  await page.goto('/documents');
  await upload(page, browser, 'id-scan.pdf');

  const suggestions = row(page, 'id-scan.pdf').getByRole('list', { name: 'Suggestions for id-scan.pdf' });
  await expect(suggestions).toBeVisible({ timeout: 60_000 });
  await expect(suggestions).toContainText('Category: Personal ID');
  const tag = suggestions.getByRole('listitem').filter({ hasText: 'Tag: Passport' });
  await expect(tag).toContainText(/\d+% sure/);
  await expect(tag).toContainText('It mentions “PASSPORT”');
  // Off by default: nothing was filed automatically.
  await expect(row(page, 'id-scan.pdf')).not.toContainText('Filed automatically');

  await tag.getByRole('button', { name: 'Add tag Passport' }).click();
  await expect(suggestions.getByRole('listitem').filter({ hasText: 'Tag: Passport' })).toHaveCount(0);
  await expect(suggestions).toContainText('Category: Personal ID');

  await openDocument(page, 'id-scan.pdf');
  await expect(panel(page).getByRole('region', { name: 'Document tags', exact: true })).toContainText('Passport');
  await expect(panel(page).getByLabel('Category').locator('option:checked')).not.toHaveText('Personal ID');
  // The panel offers the same category suggestion, not the accepted tag.
  const inPanel = panel(page).getByRole('list', { name: 'Suggestions' });
  await expect(inPanel).toContainText('Category: Personal ID');
  await expect(inPanel).not.toContainText('Tag: Passport');
});

test('auto-apply: switched on in Settings, the next upload is filed at once, says so, and Undo puts it back', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInFreshUser(page);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Analysis', exact: true });
  const toggle = section.getByRole('switch', { name: 'File documents automatically' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(section.getByRole('status')).toHaveText('Saved.');
  await expect(section.getByLabel('Only when at least')).toHaveValue('0.9');
  await section.getByLabel('Only when at least').selectOption('0.8');
  await expect(section.getByRole('status')).toHaveText('Saved.');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Analysis', exact: true }).getByLabel('Only when at least')).toHaveValue('0.8');

  await page.goto('/documents');
  await upload(page, browser, 'passport-auto.pdf');
  await expect(row(page, 'passport-auto.pdf')).toContainText('Filed automatically as Personal ID, tagged Passport.', { timeout: 60_000 });
  await openDocument(page, 'passport-auto.pdf');
  await expect(panel(page).getByLabel('Category').locator('option:checked')).toHaveText('Personal ID');
  await expect(panel(page).getByRole('region', { name: 'Document tags', exact: true })).toContainText('Passport');

  await panel(page).getByRole('list', { name: 'Suggestions' }).getByRole('button', { name: 'Undo' }).click();
  await expect(panel(page).getByLabel('Category').locator('option:checked')).not.toHaveText('Personal ID');
  await expect(panel(page).getByRole('region', { name: 'Document tags', exact: true })).not.toContainText('Passport');
  await expect(panel(page)).not.toContainText('Filed automatically');

  // Switched off again: the next upload is only suggested.
  await page.goto('/settings');
  await page.getByRole('region', { name: 'Analysis', exact: true }).getByRole('switch', { name: 'File documents automatically' }).click();
  await expect(page.getByRole('region', { name: 'Analysis', exact: true }).getByRole('status')).toHaveText('Saved.');
  await page.goto('/documents');
  await upload(page, browser, 'passport-again.pdf');
  const suggestions = row(page, 'passport-again.pdf').getByRole('list', { name: 'Suggestions for passport-again.pdf' });
  await expect(suggestions).toContainText('Category: Personal ID', { timeout: 60_000 });
  await expect(row(page, 'passport-again.pdf')).not.toContainText('Filed automatically');
});

test('a language chosen in Settings is loaded on demand from the app’s own origin', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const ocrFiles: string[] = [];
  const refused: string[] = [];
  await page.context().route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    if (host === '127.0.0.1' || host === 'localhost') return route.continue();
    refused.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  page.on('request', (request) => {
    if (request.url().includes('/ocr/')) ocrFiles.push(request.url());
  });
  await signInFreshUser(page);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Analysis', exact: true });
  await section.getByRole('checkbox', { name: 'French' }).click();
  await expect(section.getByRole('status')).toHaveText('Saved.');
  // Choosing it downloads nothing yet.
  expect(ocrFiles).toEqual([]);

  const context = await browser.newContext({ viewport: { width: 700, height: 260 }, deviceScaleFactor: 1 });
  const render = await context.newPage();
  await render.setContent('<body style="margin:0;background:#fff;font:30px/1.5 Arial;padding:30px"><b>PASSEPORT</b><div>Nom: TESTER</div><div>Nationalité: FRANÇAISE</div></body>');
  const png = await render.screenshot({ type: 'png' });
  await context.close();
  await page.goto('/documents');
  await page.getByTestId('upload-input').setInputFiles({ name: 'passeport.png', mimeType: 'image/png', buffer: png });
  await expect(row(page, 'passeport.png').getByRole('list', { name: 'Suggestions for passeport.png' })).toContainText('Personal ID', { timeout: 150_000 });
  const origin = new URL(page.url()).hostname;
  const fra = ocrFiles.filter((url) => url.endsWith('/fra.traineddata.gz'));
  expect(fra.length).toBeGreaterThan(0);
  expect(fra.every((url) => ['127.0.0.1', 'localhost', origin].includes(new URL(url).hostname))).toBe(true);
  expect(ocrFiles.some((url) => url.endsWith('/eng.traineddata.gz'))).toBe(true);
  expect(refused).toEqual([]);
});

async function textPdf(browser: Browser, lines: readonly string[]): Promise<Buffer> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent(`<body style="font:18px/1.5 Arial,sans-serif;padding:40px">${lines.map((l) => `<p>${l}</p>`).join('')}</body>`);
  const pdf = await page.pdf({ format: 'A4' });
  await context.close();
  return pdf;
}

test('a suggestion under its threshold is no primary button, a very unsure one is not shown, and a version number is not a reference (issue 21 §6)', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const user = await signInFreshUser(page);
  await page.goto('/documents');
  // A software manual: "Total" alone made it "Receipts 29 %" with a big Use Receipts; "Reference 4.1" a reference.
  const manual = ['User manual', 'Version 4.1', 'Installation: press Enter to continue', 'Total of 12 steps', 'Reference 4.1 of the protocol'];
  // A note that mentions two insurance words: possibly Insurance, not surely.
  const note = ['Notes from the phone call', 'Check the insured amount and the premium next week'];
  await page.getByTestId('upload-input').setInputFiles([
    { name: 'manual.pdf', mimeType: 'application/pdf', buffer: await textPdf(browser, manual) },
    { name: 'call-notes.pdf', mimeType: 'application/pdf', buffer: await textPdf(browser, note) },
  ]);
  for (const name of ['manual.pdf', 'call-notes.pdf']) await expect(row(page, name).getByRole('status')).toHaveText('Uploaded', { timeout: 30_000 });

  const possible = row(page, 'call-notes.pdf').getByRole('list', { name: 'Suggestions for call-notes.pdf' });
  await expect(possible).toContainText('Category: possibly Insurance', { timeout: 60_000 });
  await expect(possible.getByRole('button', { name: 'Use Insurance' })).not.toHaveClass(/ds-button--primary/);

  // The manual has been analysed (its text read and its suggestions stored) before its panel is looked at.
  const analysed = async () => (await asPerson(user).from('documents').select('analysed_at').eq('name', 'manual.pdf').single()).data?.analysed_at ?? null;
  await expect.poll(analysed, { timeout: 60_000 }).not.toBeNull();
  await openDocument(page, 'manual.pdf');
  // Nothing to suggest: no category at 29 %, no "Reference: 4.1". The Analysis region is there but
  // empty (it draws nothing when it has nothing to offer), so it is attached, not visible.
  await expect(panel(page).getByRole('region', { name: 'Analysis' })).toBeAttached();
  await expect(panel(page).getByRole('region', { name: 'Found in the text' })).toHaveCount(0);
  await expect(panel(page)).not.toContainText('Category: ');
  await expect(panel(page)).not.toContainText('Reference: 4.1');
  await page.keyboard.press('Escape');

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await row(page, 'call-notes.pdf').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`possible-suggestion-${scheme}-${width}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    }
  }
});
