import { expect, test, type Browser, type Page } from '@playwright/test';
import { CONSENT } from '@dossier/shared/core';
import { signInFreshUser } from '../support/signed-in-session';

// Issue 15 §1: OCR on the device. A passport page is rendered by the test as a PNG (a photo of text,
// no text layer), uploaded, read by tesseract.js in a web worker with language data served from the
// app's own hosts, and then found by its number.

const PASSPORT_NUMBER = '548213907';
/** An expiry 60 days from now, so the dashboard's radar ("next 3 months") shows it. */
const EXPIRY = new Date(Date.now() + 60 * 86_400_000);
const EXPIRY_ISO = EXPIRY.toISOString().slice(0, 10);
const EXPIRY_PRINTED = `${String(EXPIRY.getUTCDate()).padStart(2, '0')} ${EXPIRY.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' }).toUpperCase()} ${EXPIRY.getUTCFullYear()}`;

/** A passport page as an image: real pixels of text, rendered by Chromium. */
async function passportPng(browser: Browser): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 900, height: 520 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.setContent(`
    <body style="margin:0;background:#fff;color:#111;font:30px/1.5 'DejaVu Sans',Arial,sans-serif;padding:28px 40px">
      <div style="font-size:40px;font-weight:bold">PASSPORT</div>
      <div>Surname: TESTER</div>
      <div>Given names: DANA</div>
      <div>Nationality: BRITISH CITIZEN</div>
      <div>Passport No. ${PASSPORT_NUMBER}</div>
      <div>Date of issue: 14 MAR 2021</div>
      <div>Date of expiry: ${EXPIRY_PRINTED}</div>
    </body>`);
  const png = await page.screenshot({ type: 'png' });
  await context.close();
  return png;
}

const panel = (page: Page) => page.getByRole('dialog', { name: 'Document details' });
const items = (page: Page) => page.getByTestId('document-item');

/** Only the app's own hosts (loopback) answer: a CDN or any other origin is refused. */
async function blockEverythingElse(page: Page, refused: string[]) {
  await page.context().route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    if (host === '127.0.0.1' || host === 'localhost') return route.continue();
    refused.push(route.request().url());
    return route.abort('blockedbyclient');
  });
}

async function uploadPassport(page: Page, browser: Browser) {
  await page.getByTestId('upload-input').setInputFiles({ name: 'passport-scan.png', mimeType: 'image/png', buffer: await passportPng(browser) });
  await expect(page.getByTestId('upload-row').filter({ hasText: 'passport-scan.png' }).getByRole('status')).toHaveText('Uploaded', { timeout: 30_000 });
}

test('with Data processing on, a photo of a passport is read on the device, found by its number and filed', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const refused: string[] = [];
  const ocrFiles: string[] = [];
  await blockEverythingElse(page, refused);
  page.on('request', (request) => {
    if (request.url().includes('/ocr/')) ocrFiles.push(request.url());
  });
  await signInFreshUser(page);
  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await uploadPassport(page, browser);

  await items(page).getByRole('button', { name: 'passport-scan.png' }).click();
  // Reading shows its page and can be cancelled (it may already be done on a fast machine).
  const suggestions = panel(page).getByRole('list', { name: 'Suggestions' });
  await expect(suggestions).toBeVisible({ timeout: 120_000 });
  await expect(suggestions).toContainText('Personal ID');
  await expect(suggestions).toContainText(`From “Date of expiry: ${EXPIRY_PRINTED}”`);

  // The language data and the engine came from the app's own hosts; nothing went elsewhere.
  expect(ocrFiles.some((url) => url.endsWith('/eng.traineddata.gz'))).toBe(true);
  expect(ocrFiles.some((url) => /tesseract-core.*\.wasm\.js$/.test(url))).toBe(true);
  expect(refused).toEqual([]);

  // The recognised text is shown and searchable.
  await panel(page).getByText('Text read on this device').click();
  await expect(panel(page).getByLabel('Recognised text')).toHaveValue(new RegExp(PASSPORT_NUMBER));

  // Accept both suggestions with one click each.
  await suggestions.getByRole('button', { name: 'Use Personal ID' }).click();
  await expect(panel(page).getByLabel('Category')).toHaveValue(/.+/);
  await expect(panel(page).getByLabel('Category').locator('option:checked')).toHaveText('Personal ID');
  await suggestions.getByRole('button', { name: 'Use this expiry date' }).click();
  await expect(panel(page).getByLabel('Expires on')).toHaveValue(EXPIRY_ISO);
  await panel(page).getByRole('button', { name: 'Close document' }).click();

  await page.getByLabel('Search documents').fill(PASSPORT_NUMBER);
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).getByRole('button', { name: 'passport-scan.png' })).toBeVisible();

  // The dashboard's expiry radar shows it, with one-click "Renewed".
  await page.goto('/dashboard');
  const radar = page.getByRole('region', { name: 'Next 3 months' });
  await expect(radar).toContainText('passport-scan.png');
  await expect(radar.getByRole('button', { name: 'Renewed passport-scan.png' })).toBeVisible();

  // The private calendar feed carries it, with the reminders as alarms.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Switch calendar feed on' }).click();
  const address = await page.getByLabel('Calendar feed address').textContent();
  expect(address).toMatch(/\/functions\/v1\/calendar-feed\?token=[0-9a-f]{64}$/);
  const feed = await page.request.get(address ?? '');
  expect(feed.status()).toBe(200);
  const ics = await feed.text();
  expect(ics).toContain('SUMMARY:passport-scan.png expires');
  expect(ics).toContain(`DTSTART;VALUE=DATE:${EXPIRY_ISO.replaceAll('-', '')}`);
  expect(ics).toContain('TRIGGER:-P29DT15H');
});

test('with Data processing off, nothing is analysed and the panel says why', async ({ page, browser }) => {
  const ocrFiles: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/ocr/')) ocrFiles.push(request.url());
  });
  await page.context().addInitScript(
    ([key, version]) => {
      const record = { essential: true, analytics: false, marketing: false, notifications: false, dataProcessing: false, termsAccepted: true, privacyAccepted: true, timestamp: new Date().toISOString(), version };
      window.localStorage.setItem(key, JSON.stringify(record));
    },
    [CONSENT.storageKey, CONSENT.version] as const,
  );
  await signInFreshUser(page, { consent: 'ask' });
  await page.goto('/documents');
  await uploadPassport(page, browser);
  await items(page).getByRole('button', { name: 'passport-scan.png' }).click();
  await expect(panel(page).getByRole('note').filter({ hasText: 'Analysis is off' })).toBeVisible();
  await panel(page).getByRole('link', { name: 'Open Privacy settings' }).click();
  await expect(page).toHaveURL(/\/privacy-settings/);
  await page.goto('/documents');
  await page.getByLabel('Search documents').fill(PASSPORT_NUMBER);
  await expect(page.getByTestId('library-count')).toHaveText('0 documents');
  expect(ocrFiles).toEqual([]);
});

test('going offline while a photo waits to be read leaves it waiting, with no error in the page, and it is read once back online', async ({ page, browser, context }) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // The OCR worker's script is the first OCR file fetched: the connection drops just as it is asked for.
  let workerRequests = 0;
  let offline = false;
  await context.route('**/ocr/tesseract.js-*/worker.min.js', async (route) => {
    workerRequests += 1;
    if (workerRequests > 1) return route.continue();
    await context.setOffline(true);
    offline = true;
    return route.abort('internetdisconnected');
  });
  await signInFreshUser(page);
  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await uploadPassport(page, browser);

  await expect.poll(() => offline, { timeout: 60_000 }).toBe(true);
  const waiting = page.getByText('Waiting to be read when you are back online…');
  await expect(waiting.first()).toBeVisible({ timeout: 30_000 });
  expect(pageErrors).toEqual([]);

  await context.setOffline(false);
  await expect.poll(() => workerRequests, { timeout: 30_000 }).toBeGreaterThan(1);
  await expect(waiting).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
