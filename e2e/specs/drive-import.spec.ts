import { expect, test, type Page } from '@playwright/test';
import { DRIVE_CONNECTION_MESSAGES } from '@dossier/shared/core';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';

// Google Drive import against the local stack's Drive v3 emulator: the emulator's consent page in
// a real popup, the demo drive of grace@example.com, real downloads and exports, the documents
// upload, and search over the imported text.

async function googleUrl(page: Page): Promise<string> {
  const config = (await (await page.request.get('/app-config.json')).json()) as { drive: { apiBaseUrl: string } };
  return new URL(config.drive.apiBaseUrl).origin;
}

async function arm(page: Page, fault: Record<string, unknown>) {
  const res = await page.request.post(`${await googleUrl(page)}/__emulator/drive/faults`, { data: fault });
  expect(res.status()).toBe(201);
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Import from Google Drive' });

async function openImport(page: Page) {
  await page.getByRole('button', { name: 'Import from Google Drive' }).first().click();
  await expect(dialog(page)).toBeVisible();
}

async function consent(popup: Page, account = 'grace@example.com') {
  await popup.waitForLoadState();
  await popup.getByLabel(new RegExp(account.replace('.', '\\.'))).check();
  await popup.getByRole('button', { name: 'Allow' }).click();
}

async function connectThroughPopup(page: Page) {
  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog(page).getByRole('button', { name: 'Connect Google Drive' }).click()]);
  await consent(popup);
  await popup.waitForEvent('close');
  await expect(dialog(page).getByRole('navigation', { name: 'Folder path' })).toBeVisible();
}

async function openFolder(page: Page, name: string) {
  await dialog(page).getByRole('list', { name: 'Folders' }).getByRole('button', { name, exact: true }).click();
  await expect(dialog(page).getByRole('navigation', { name: 'Folder path' })).toContainText(name);
}

test.beforeEach(async ({ request, baseURL }) => {
  const config = (await (await request.get(`${baseURL}/app-config.json`)).json()) as { drive: { apiBaseUrl: string } };
  await request.delete(`${new URL(config.drive.apiBaseUrl).origin}/__emulator/drive/faults`);
});

test('connect through the popup, browse two pages of 50, import three files including a Google Doc, find a word from it, re-import without a duplicate, import a folder', async ({ page }) => {
  test.setTimeout(180_000);
  await signInThroughUi(page);
  await openLibrary(page);
  await openImport(page);
  await connectThroughPopup(page);

  // Two pages of 50 in a folder of 120 receipts.
  await openFolder(page, 'Receipts');
  const files = dialog(page).getByRole('list', { name: 'Files' }).getByRole('listitem');
  await expect(files).toHaveCount(50);
  await dialog(page).getByRole('button', { name: 'Load more' }).click();
  await expect(files).toHaveCount(100);

  // Three files: two PDFs and a Google Doc (exported to PDF on the way).
  await dialog(page).getByRole('button', { name: 'My Drive' }).click();
  await openFolder(page, 'Documents');
  for (const name of ['Tax return notes', 'Passport scan.pdf']) await dialog(page).getByRole('checkbox', { name: new RegExp(`^${name}`) }).check();
  await dialog(page).getByRole('button', { name: 'My Drive' }).click();
  await dialog(page).getByRole('checkbox', { name: /^Welcome to Drive\.pdf/ }).check();
  await expect(dialog(page).getByRole('status').filter({ hasText: 'selected' })).toHaveText('3 selected');
  await dialog(page).getByRole('button', { name: 'Import selected' }).click();
  await expect(dialog(page).getByRole('status').filter({ hasText: 'Imported' })).toHaveText(/Imported 3 · Skipped 0 already imported · Failed 0/, { timeout: 60_000 });
  await dialog(page).getByRole('button', { name: 'Done' }).click();

  // A word that exists only inside the Google Doc's text.
  await page.getByLabel('Search documents').fill('marmalade');
  await expect(page.getByTestId('document-item')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('document-item')).toContainText('Tax return notes.pdf');

  // Re-import one: recognised by its Drive id, nothing stored twice.
  await page.getByLabel('Search documents').fill('');
  await openImport(page);
  await dialog(page).getByRole('checkbox', { name: /^Welcome to Drive\.pdf/ }).check();
  await dialog(page).getByRole('button', { name: 'Import selected' }).click();
  await expect(dialog(page).getByRole('status').filter({ hasText: 'Imported' })).toHaveText(/Imported 0 · Skipped 1 already imported · Failed 0/, { timeout: 30_000 });
  await expect(dialog(page).getByRole('list', { name: 'Already imported' })).toContainText('Welcome to Drive.pdf');
  await dialog(page).getByRole('button', { name: 'Import more' }).click();

  // A whole folder, recursively, with a count first.
  await openFolder(page, 'Documents');
  await dialog(page).getByRole('button', { name: 'Import folder Insurance' }).click();
  await expect(dialog(page)).toContainText('Import 4 files from the folder “Insurance”?');
  await dialog(page).getByRole('button', { name: 'Import 4 files' }).click();
  await expect(dialog(page).getByRole('status').filter({ hasText: 'Imported' })).toHaveText(/Imported 4 · Skipped 0 already imported · Failed 0/, { timeout: 60_000 });
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('library-count')).toHaveText('7 documents', { timeout: 20_000 });
});

test('a blocked popup falls back to a full-page redirect that comes back connected', async ({ page }) => {
  await signInThroughUi(page);
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await openLibrary(page);
  await openImport(page);
  await dialog(page).getByRole('button', { name: 'Connect Google Drive' }).click();
  await page.waitForURL(/\/o\/oauth2\/v2\/auth/);
  await consent(page);
  await page.waitForURL(/\/documents$/);
  await openImport(page);
  await expect(dialog(page).getByRole('list', { name: 'Folders' })).toContainText('Receipts');
});

test('a 429 burst is shown as Too Many Requests and then pauses Drive (circuit open); a 401 refreshes on the server, and asks to reconnect when that does not help', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughUi(page);
  await openLibrary(page);
  await openImport(page);
  await connectThroughPopup(page);

  // SPEC §4: an expired token is refreshed first (the grant is on the server, ADR 0130) and the
  // call repeated: the person notices nothing.
  await arm(page, { operation: 'list', status: 401, reason: 'authError' });
  const refreshed = page.waitForResponse((r) => r.url().includes('/functions/v1/drive-token') && r.request().postData()?.includes('refresh') === true);
  await dialog(page).getByLabel('Search Drive by name').fill('Receipt 002');
  expect((await refreshed).status()).toBe(200);
  await expect(dialog(page).getByRole('checkbox', { name: /^Receipt 002\.pdf/ })).toBeVisible({ timeout: 20_000 });
  await expect(dialog(page).getByRole('alert')).toHaveCount(0);

  // Refused again with the fresh token: then a new consent flow.
  await arm(page, { operation: 'list', status: 401, reason: 'authError', count: 2 });
  await dialog(page).getByLabel('Search Drive by name').fill('Receipt');
  await expect(dialog(page).getByRole('alert')).toContainText('Session Expired', { timeout: 20_000 });
  await expect(dialog(page).getByRole('alert').getByRole('button', { name: 'Reconnect Google Drive' })).toBeVisible();
  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog(page).getByRole('alert').getByRole('button', { name: 'Reconnect Google Drive' }).click()]);
  await consent(popup);
  await expect(dialog(page).getByRole('checkbox', { name: /^Receipt 001\.pdf/ })).toBeVisible({ timeout: 20_000 });
  await expect(dialog(page).getByRole('alert')).toHaveCount(0);

  await arm(page, { operation: 'list', status: 429, reason: 'rateLimitExceeded', count: 20 });
  await dialog(page).getByLabel('Search Drive by name').fill('Home');
  await expect(dialog(page).getByRole('alert')).toContainText('Too Many Requests', { timeout: 45_000 });
  await dialog(page).getByLabel('Search Drive by name').fill('Car');
  await expect(dialog(page).getByRole('alert')).toContainText(DRIVE_CONNECTION_MESSAGES.circuitOpen, { timeout: 45_000 });
});
