import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DRIVE_CONNECTION_MESSAGES } from '@dossier/shared/core';
import { file, makePdf } from '../fixtures/documents/make-files';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';
import { asPerson } from '../support/signed-in-session';
import { driveAccessToken, googleUrl } from '../support/google-emulator';

// Google Drive import against the local stack's Drive v3 emulator: the emulator's consent page in
// a real popup, the demo drive of grace@example.com, real downloads and exports, the documents
// upload, and search over the imported text.

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

async function connectThroughPopup(page: Page, account = 'grace@example.com') {
  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog(page).getByRole('button', { name: 'Connect Google Drive' }).click()]);
  // Listening before Allow: the popup may close before a later listener exists, and then waits for ever.
  const closed = popup.waitForEvent('close');
  await consent(popup, account);
  await closed;
  await expect(dialog(page).getByRole('navigation', { name: 'Folder path' })).toBeVisible();
}

async function openFolder(page: Page, name: string) {
  await dialog(page).getByRole('list', { name: 'Folders' }).getByRole('button', { name, exact: true }).click();
  await expect(dialog(page).getByRole('navigation', { name: 'Folder path' })).toContainText(name);
}

/** Screenshots at the two sizes every touched page is looked at, and no sideways scroll on the phone. */
async function lookAt(page: Page, name: string) {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: test.info().outputPath(`${name}-1440.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`) });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  if (before) await page.setViewportSize(before);
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
  // One download is slow: the others are in the library before it arrives (ADR 0235: each file
  // goes on to the upload as soon as it is downloaded).
  await arm(page, { operation: 'media', count: 1, delayMs: 20_000 });
  await dialog(page).getByRole('button', { name: 'Import 4 files' }).click();
  const running = dialog(page).getByRole('list', { name: 'Files being imported' }).getByRole('listitem');
  await expect(running.filter({ hasText: 'Downloading…' })).toHaveCount(1, { timeout: 15_000 });
  await expect(running.filter({ has: page.getByText('Imported', { exact: true }) })).not.toHaveCount(0, { timeout: 15_000 });
  await expect(running.filter({ hasText: 'Downloading…' })).toHaveCount(1);
  // The running summary offers no way out that would drop the file still on its way.
  await expect(dialog(page).getByRole('button', { name: 'Done' })).toHaveCount(0);
  await expect(dialog(page).getByRole('button', { name: 'Import more' })).toHaveCount(0);
  await lookAt(page, 'drive-import-pipelined');
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

test('"Save to Drive" asks for the write scope once, files the document into Dossier/Portfolio: {name} (a second save is renamed), and renaming the portfolio renames its folder', async ({ page }) => {
  test.setTimeout(180_000);
  await signInThroughUi(page);
  await openLibrary(page);
  await page.getByTestId('upload-input').setInputFiles([file('lease.pdf', makePdf(['Lease agreement for the flat']), 'application/pdf')]);
  await expect(page.getByTestId('upload-row').filter({ hasText: 'lease.pdf' }).getByRole('status')).toHaveText('Uploaded', { timeout: 30_000 });

  await page.goto('/portfolios');
  await page.getByRole('button', { name: 'New portfolio' }).click();
  await page.getByLabel('Name').fill('Home: Lease');
  await page.getByRole('button', { name: 'Create portfolio' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home Lease' })).toBeVisible();
  await expect(page.getByText('Connect Google Drive to keep this portfolio in a Drive folder.')).toBeVisible();
  await page.getByRole('button', { name: 'Add documents' }).click();
  await page.getByRole('checkbox', { name: /lease\.pdf/ }).check();
  await page.getByRole('button', { name: 'Add 1' }).click();
  await expect(page.getByTestId('library-count')).toHaveText('1 document');

  // The first save asks Google for the write scope (drive.file) in the popup.
  await openLibrary(page);
  await page.getByTestId('document-item').getByRole('button', { name: 'lease.pdf', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Document details' });
  const [popup] = await Promise.all([page.waitForEvent('popup'), panel.getByRole('button', { name: 'Save to Drive' }).click()]);
  expect(new URL(popup.url()).searchParams.get('scope')).toContain('https://www.googleapis.com/auth/drive.file');
  await consent(popup);
  const saved = panel.getByRole('status').filter({ hasText: 'Saved to Google Drive' });
  await expect(saved).toHaveText('Saved to Google Drive: Dossier/Portfolio: Home Lease/lease.pdf', { timeout: 30_000 });
  // The second save needs no consent and is renamed (SPEC §5).
  await panel.getByRole('button', { name: 'Save to Drive' }).click();
  await expect(saved).toHaveText('Saved to Google Drive: Dossier/Portfolio: Home Lease/lease (1).pdf', { timeout: 30_000 });
  await lookAt(page, 'save-to-drive');
  await page.keyboard.press('Escape');

  // The portfolio page shows its folder; a rename renames the folder.
  await page.goto('/portfolios');
  await page.getByRole('link', { name: /Home Lease/ }).click();
  const mirror = page.getByRole('region', { name: 'Google Drive folder' });
  await expect(mirror).toContainText('Dossier/Portfolio: Home Lease', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Name').fill('Home Rental');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home Rental' })).toBeVisible();
  await expect(mirror).toContainText('Dossier/Portfolio: Home Rental', { timeout: 30_000 });
  await lookAt(page, 'portfolio-drive-folder');

  // And in Drive itself: one folder, renamed, holding both files.
  await openLibrary(page);
  await openImport(page);
  await openFolder(page, 'Dossier');
  const folders = dialog(page).getByRole('list', { name: 'Folders' });
  await expect(folders).toContainText('Portfolio: Home Rental');
  await expect(folders).not.toContainText('Portfolio: Home Lease');
  await openFolder(page, 'Portfolio: Home Rental');
  for (const name of ['lease.pdf', 'lease (1).pdf']) await expect(dialog(page).getByRole('checkbox', { name: new RegExp(`^${name.replace(/[.()]/g, '\\$&')}`) })).toBeVisible();
});

test('a file changed in Drive since its import is offered as an update and replaces the old version; an import cut short by a reload resumes without duplicates', async ({ page }) => {
  test.setTimeout(240_000);
  // Alan's demo drive, so the change below touches no other journey's files.
  const account = 'alan@example.com';
  await signInThroughUi(page);
  await openLibrary(page);
  await openImport(page);
  await connectThroughPopup(page, account);
  await openFolder(page, 'Documents');
  await dialog(page).getByRole('checkbox', { name: /^Passport scan\.pdf/ }).check();
  await dialog(page).getByRole('button', { name: 'Import selected' }).click();
  const summary = dialog(page).getByRole('status').filter({ hasText: 'Imported' });
  await expect(summary).toHaveText(/Imported 1 · Skipped 0 already imported · Failed 0/, { timeout: 60_000 });
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('library-count')).toHaveText('1 document', { timeout: 20_000 });

  // Someone edits the file in Drive.
  const changed = await page.request.post(`${await googleUrl(page)}/__emulator/drive/change`, { data: { email: account, name: 'Passport scan.pdf', text: 'Renewed passport valid until 2036 quokka' } });
  expect(changed.status()).toBe(200);

  await openImport(page);
  await openFolder(page, 'Documents');
  await dialog(page).getByRole('checkbox', { name: /^Passport scan\.pdf/ }).check();
  await dialog(page).getByRole('button', { name: 'Import selected' }).click();
  await expect(summary).toHaveText(/Imported 0 · Skipped 1 already imported · Failed 0/, { timeout: 60_000 });
  await expect(dialog(page).getByRole('list', { name: 'Already imported' })).toContainText('changed in Drive since you imported it');
  await dialog(page).getByRole('button', { name: 'Update 1 changed file from Drive' }).click();
  await expect(summary).toHaveText(/Updated 1/, { timeout: 60_000 });
  await expect(dialog(page).getByRole('list', { name: 'Updated from Drive' })).toContainText('Passport scan.pdf');
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  // Still one document — the new version, whose text is searchable; the old one is in the trash.
  await expect(page.getByTestId('library-count')).toHaveText('1 document', { timeout: 20_000 });
  await page.getByLabel('Search documents').fill('quokka');
  await expect(page.getByTestId('document-item')).toHaveCount(1, { timeout: 20_000 });
  await page.getByLabel('Search documents').fill('');

  // Three receipts whose downloads hang; the page is reloaded in the middle.
  await openImport(page);
  await dialog(page).getByLabel('Search Drive by name').fill('Receipt 00');
  for (const n of ['001', '002', '003']) await dialog(page).getByRole('checkbox', { name: new RegExp(`^Receipt ${n}\\.pdf`) }).check();
  await arm(page, { operation: 'media', count: 3, delayMs: 60_000 });
  await dialog(page).getByRole('button', { name: 'Import selected' }).click();
  await expect(dialog(page).getByRole('list', { name: 'Files being imported' })).toContainText('Downloading…');
  await page.reload();
  await page.request.delete(`${await googleUrl(page)}/__emulator/drive/faults`);
  await expect(page.getByTestId('library-count')).toHaveText('1 document', { timeout: 20_000 });
  await openImport(page);
  const interrupted = dialog(page).getByRole('group', { name: 'Interrupted import' });
  await expect(interrupted).toContainText('An import of 3 files from Google Drive was interrupted.');
  await lookAt(page, 'drive-resume');
  await interrupted.getByRole('button', { name: 'Resume import' }).click();
  await expect(summary).toHaveText(/Imported 3 · Skipped 0 already imported · Failed 0/, { timeout: 60_000 });
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('library-count')).toHaveText('4 documents', { timeout: 20_000 });
  // Nothing is left to resume.
  await openImport(page);
  await expect(dialog(page).getByRole('group', { name: 'Interrupted import' })).toHaveCount(0);
  await expect(dialog(page).getByRole('navigation', { name: 'Folder path' })).toBeVisible();
});

test('faults during an import: a dropped connection retries that file only; refused and vanished files fail alone with their titles and Retry brings them in; a full Drive says Storage Full', async ({ page }) => {
  test.setTimeout(240_000);
  await signInThroughUi(page);
  await openLibrary(page);
  await openImport(page);
  await connectThroughPopup(page, 'ada@example.com');
  const summary = dialog(page).getByRole('status').filter({ hasText: 'Imported' });
  const stats = async () => ((await (await page.request.get(`${await googleUrl(page)}/__emulator/drive/stats`)).json()) as { calls: Record<string, number> }).calls;

  // The connection drops in the middle of the file: that file is downloaded again, and it alone.
  await dialog(page).getByRole('checkbox', { name: /^Welcome to Drive\.pdf/ }).check();
  const before = (await stats()).media ?? 0;
  await arm(page, { operation: 'media', drop: true });
  await dialog(page).getByRole('button', { name: 'Import selected' }).click();
  await expect(summary).toHaveText(/Imported 1 · Skipped 0 already imported · Failed 0/, { timeout: 60_000 });
  expect((await stats()).media - before).toBe(2);
  await dialog(page).getByRole('button', { name: 'Import more' }).click();

  // One file refused (403), one gone (404): each fails on its own, with its SPEC §8 title.
  await openFolder(page, 'Documents');
  await dialog(page).getByRole('checkbox', { name: /^Passport scan\.pdf/ }).check();
  await dialog(page).getByRole('checkbox', { name: /^Tax return notes/ }).check();
  await arm(page, { operation: 'media', status: 403, reason: 'insufficientFilePermissions' });
  await arm(page, { operation: 'export', status: 404, reason: 'notFound' });
  await dialog(page).getByRole('button', { name: 'Import selected' }).click();
  await expect(summary).toHaveText(/Imported 0 · Skipped 0 already imported · Failed 2/, { timeout: 60_000 });
  const run = dialog(page).getByRole('list', { name: 'Files being imported' });
  await expect(run.getByRole('listitem').filter({ hasText: 'Passport scan.pdf' })).toContainText('Access Denied');
  await expect(run.getByRole('listitem').filter({ hasText: 'Tax return notes' })).toContainText('File Not Found');
  await dialog(page).getByRole('button', { name: 'Retry failed files' }).click();
  await expect(summary).toHaveText(/Imported 2 · Skipped 0 already imported · Failed 0/, { timeout: 60_000 });

  // A file Drive lists as 0 bytes (found by hand): not downloaded, not retried for seconds, and not
  // offered for Retry; it fails at once in the words an empty upload gets.
  await dialog(page).getByRole('button', { name: 'Import more' }).click();
  await dialog(page).getByRole('checkbox', { name: /^Empty notes\.txt/ }).check();
  const mediaBefore = (await stats()).media ?? 0;
  await dialog(page).getByRole('button', { name: 'Import selected' }).click();
  await expect(summary).toHaveText('Imported 0 · Skipped 0 already imported · Failed 1 — “Empty notes.txt” was not imported: the file is empty in Google Drive.', { timeout: 30_000 });
  expect((await stats()).media ?? 0).toBe(mediaBefore);
  await expect(dialog(page).getByRole('button', { name: 'Retry failed files' })).toHaveCount(0);
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('library-count')).toHaveText('3 documents', { timeout: 20_000 });

  // A server error while listing is retried quietly.
  await arm(page, { operation: 'list', status: 500, reason: 'backendError' });
  await openImport(page);
  await openFolder(page, 'Receipts');
  await expect(dialog(page).getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Saving into a full Drive: no retry, the person reads Storage Full.
  await page.getByTestId('document-item').getByRole('button', { name: 'Welcome to Drive.pdf', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Document details' });
  await arm(page, { operation: 'upload', status: 403, reason: 'storageQuotaExceeded' });
  const [popup] = await Promise.all([page.waitForEvent('popup'), panel.getByRole('button', { name: 'Save to Drive' }).click()]);
  await consent(popup, 'ada@example.com');
  await expect(panel.getByRole('alert')).toContainText('Storage Full', { timeout: 30_000 });
});

test('two tabs import the same Drive file at the same moment: one document, the other tab lists it as already imported (not failed), no second object', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await signInThroughUi(page);
  await openLibrary(page);
  await openImport(page);
  await connectThroughPopup(page);
  // A second tab of the same person: Drive is connected there too.
  const tab = await page.context().newPage();
  await openLibrary(tab);
  await openImport(tab);
  await expect(dialog(tab).getByRole('navigation', { name: 'Folder path' })).toBeVisible();
  for (const p of [page, tab]) await dialog(p).getByRole('checkbox', { name: /^Welcome to Drive\.pdf/ }).check();

  // Both start at once, so both pass the "already imported?" check before either has stored.
  await Promise.all([page, tab].map((p) => dialog(p).getByRole('button', { name: 'Import selected' }).click()));
  const summaries: string[] = [];
  for (const p of [page, tab]) {
    const done = dialog(p).getByRole('button', { name: 'Done' });
    // Had the other tab stored it before this one hashed its download, the content check asks
    // first; keeping both still meets the Drive-id index, so the outcome is the same.
    const keepBoth = dialog(p).getByRole('button', { name: 'Keep both' });
    await expect(done.or(keepBoth)).toBeVisible({ timeout: 60_000 });
    if (await keepBoth.isVisible()) await keepBoth.click();
    await expect(done).toBeVisible({ timeout: 60_000 });
    summaries.push((await dialog(p).getByRole('status').filter({ hasText: 'Imported' }).textContent())!.trim());
  }
  expect(summaries.sort()).toEqual(['Imported 0 · Skipped 1 already imported · Failed 0', 'Imported 1 · Skipped 0 already imported · Failed 0']);

  const people = asPerson(user);
  const { data: docs } = await people.from('documents').select('id, name').is('deleted_at', null);
  expect(docs).toEqual([{ id: expect.any(String), name: 'Welcome to Drive.pdf' }]);
  const loser = (await dialog(page).getByRole('list', { name: 'Already imported' }).count()) > 0 ? page : tab;
  const link = dialog(loser).getByRole('list', { name: 'Already imported' }).getByRole('link', { name: 'Welcome to Drive.pdf' });
  await expect(link).toHaveAttribute('href', `/documents?doc=${docs![0].id}`);
  await expect(dialog(loser).getByRole('button', { name: 'Retry failed files' })).toHaveCount(0);
  // The database refused the second document (its Drive-origin index), and the upload said so.
  await expect(dialog(loser).getByTestId('upload-row')).toContainText('Skipped: already imported from Google Drive (on another device or tab).');
  // Only the stored document's folder is in the person's storage: the losing upload was removed.
  const { data: folders } = await people.storage.from('documents').list(user.session.user.id);
  expect((folders ?? []).map((f) => f.name)).toEqual([docs![0].id]);
  await lookAt(loser, 'drive-import-race-summary');
  await tab.close();
});


test('a Drive file whose content is already in the library is asked about before it is stored: one checksum lookup for the whole selection, no per-file duplicate request (ADR 0255)', async ({ page }) => {
  test.setTimeout(180_000);
  await signInThroughUi(page);
  await openLibrary(page);
  // The same bytes, once in Dossier (uploaded here) and once in Drive under another name.
  const bytes = makePdf(['Tax return 2025', `copy ${Date.now()}`]);
  await page.getByTestId('upload-input').setInputFiles([file('tax-return-2025.pdf', bytes, 'application/pdf')]);
  await expect(page.getByTestId('library-count')).toHaveText('1 document', { timeout: 30_000 });
  const name = `Tax return copy ${Date.now()}.pdf`;
  const token = await driveAccessToken(page, 'grace@example.com');
  const boundary = 'e2e-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify({ name, mimeType: 'application/pdf' })}\r\n--${boundary}\r\nContent-Type: application/pdf\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const created = await page.request.post(`${await googleUrl(page)}/upload/drive/v3/files?uploadType=multipart`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/related; boundary=${boundary}` },
    data: body,
  });
  expect(created.status()).toBe(200);

  const lookups: string[] = [];
  page.on('request', (request) => {
    const url = decodeURIComponent(request.url());
    if (url.includes('/rest/v1/documents') && url.includes('sha256=')) lookups.push(/sha256=(in|eq)\./.exec(url)?.[1] ?? 'other');
  });
  await openImport(page);
  await connectThroughPopup(page);
  await dialog(page).getByLabel('Search Drive by name').fill(name.replace('.pdf', ''));
  await dialog(page).getByRole('checkbox', { name: new RegExp(`^${name.replace(/[.]/g, '\\.')}`) }).check();
  await dialog(page).getByRole('button', { name: 'Import selected' }).click();

  // The upload asks, naming the document that holds these bytes; skipping stores nothing.
  await expect(dialog(page).getByText('You already have this file')).toBeVisible({ timeout: 60_000 });
  await expect(dialog(page).getByText('tax-return-2025.pdf')).toBeVisible();
  await lookAt(page, 'drive-import-known-duplicate');
  // The question as a person meets it, at both sizes: no serious or critical accessibility problem.
  for (const size of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(size);
    const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  }
  await dialog(page).getByRole('button', { name: 'Skip' }).click();
  await expect(dialog(page).getByTestId('upload-row')).toContainText('Skipped');
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('library-count')).toHaveText('1 document', { timeout: 20_000 });
  // The duplicate was known from Drive's checksum: one lookup for the selection, none per file.
  expect(lookups).toEqual(['in']);
});

/** The dialog at both sizes in light and dark: screenshots, no sideways scroll, and its close button clear of the progress label. */
async function lookAtThemes(page: Page, name: string) {
  const before = page.viewportSize();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const [width, height] of [[1440, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${colorScheme}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      // Whatever is under the close button's middle is the button itself: no text drawn through it.
      const close = await dialog(page).getByRole('button', { name: 'Close' }).boundingBox();
      const label = await dialog(page).getByText(/^\d+ of \d+ files?$/).boundingBox();
      if (close && label) {
        const apart = label.x + label.width <= close.x || close.x + close.width <= label.x || label.y + label.height <= close.y || close.y + close.height <= label.y;
        expect(apart, `${name} ${width}×${height} ${colorScheme}: "N of M files" under the close button`).toBe(true);
      }
    }
  }
  await page.emulateMedia({ colorScheme: null });
  if (before) await page.setViewportSize(before);
}

test('two tabs run "Update from Drive" for the same changed file at once: one new version, the other tab shows it already updated with a link, nothing failed, no second object', async ({ page }) => {
  test.setTimeout(240_000);
  // Alan's Medical folder: no other journey imports or changes this file.
  const account = 'alan@example.com';
  const user = await signInThroughUi(page);
  await openLibrary(page);
  await openImport(page);
  await connectThroughPopup(page, account);
  const openMedical = async (p: Page) => {
    await openFolder(p, 'Documents');
    await openFolder(p, 'Medical');
    await dialog(p).getByRole('checkbox', { name: /^Vaccination record\.pdf/ }).check();
  };
  await openMedical(page);
  // The download waits a little, so the dialog is seen while importing.
  await arm(page, { operation: 'media', count: 1, delayMs: 8_000 });
  await dialog(page).getByRole('button', { name: 'Import selected' }).click();
  await expect(dialog(page).getByRole('list', { name: 'Files being imported' })).toContainText('Downloading…');
  await lookAtThemes(page, 'drive-importing');
  const summary = (p: Page) => dialog(p).getByRole('status').filter({ hasText: 'Imported' });
  await expect(summary(page)).toHaveText(/Imported 1 · Skipped 0 already imported · Failed 0/, { timeout: 60_000 });
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  const people = asPerson(user);
  const { data: first } = await people.from('documents').select('id').is('deleted_at', null);
  expect(first).toHaveLength(1);

  // The file changes in Drive; both tabs see it as changed.
  const changed = await page.request.post(`${await googleUrl(page)}/__emulator/drive/change`, { data: { email: account, name: 'Vaccination record.pdf', text: 'Vaccination record, measles booster 2026 wombat' } });
  expect(changed.status()).toBe(200);
  const tab = await page.context().newPage();
  await openLibrary(tab);
  for (const p of [page, tab]) {
    await openImport(p);
    await expect(dialog(p).getByRole('navigation', { name: 'Folder path' })).toBeVisible();
    await openMedical(p);
    await dialog(p).getByRole('button', { name: 'Import selected' }).click();
    await expect(summary(p)).toHaveText(/Imported 0 · Skipped 1 already imported · Failed 0/, { timeout: 60_000 });
  }

  // Both update at once: both store a new version before either hands the Drive link over.
  await Promise.all([page, tab].map((p) => dialog(p).getByRole('button', { name: 'Update 1 changed file from Drive' }).click()));
  for (const p of [page, tab]) {
    const settled = summary(p).filter({ hasText: /Updated 1|already updated/ });
    // Had the other tab stored its version before this one hashed, the content check asks first.
    const keepBoth = dialog(p).getByRole('button', { name: 'Keep both' });
    await expect(settled.or(keepBoth).or(dialog(p).getByRole('list', { name: 'Already imported' }).filter({ hasText: 'already updated' }))).toBeVisible({ timeout: 60_000 });
    if (await keepBoth.isVisible()) await keepBoth.click();
  }
  await expect.poll(async () => (await people.from('documents').select('id').is('deleted_at', null)).data?.length, { timeout: 30_000 }).toBe(1);
  const { data: docs } = await people.from('documents').select('id, name, drive_file_id').is('deleted_at', null);
  expect(docs).toEqual([{ id: expect.any(String), name: 'Vaccination record.pdf', drive_file_id: expect.any(String) }]);
  expect(docs![0].id).not.toBe(first![0].id);

  const updatedHere = async (p: Page) => (await dialog(p).getByRole('list', { name: 'Updated from Drive' }).count()) > 0;
  const [winner, loser] = (await updatedHere(page)) ? [page, tab] : [tab, page];
  await expect(dialog(winner).getByRole('list', { name: 'Updated from Drive' })).toContainText('Vaccination record.pdf');
  const skipped = dialog(loser).getByRole('list', { name: 'Already imported' });
  await expect(skipped).toContainText('already updated from Drive on another device or tab', { timeout: 30_000 });
  await expect(skipped.getByRole('link', { name: 'Vaccination record.pdf' })).toHaveAttribute('href', `/documents?doc=${docs![0].id}`);
  await expect(summary(loser)).toHaveText(/Imported 0 · Skipped 1 already imported · Failed 0$/);
  await expect(dialog(loser).getByRole('list', { name: 'Files being imported' })).toContainText('Already updated');
  await expect(dialog(loser).getByRole('button', { name: 'Retry failed files' })).toHaveCount(0);
  await expect(dialog(loser)).not.toContainText('could not be moved to the trash');

  // The old version is in the trash; the losing version left no row and no object.
  const { data: all } = await people.from('documents').select('id');
  expect(all!.map((d) => d.id).sort()).toEqual([first![0].id, docs![0].id].sort());
  const { data: folders } = await people.storage.from('documents').list(user.session.user.id);
  expect((folders ?? []).map((f) => f.name).sort()).toEqual([first![0].id, docs![0].id].sort());
  await lookAtThemes(loser, 'drive-update-race-summary');
  await tab.close();
});

test('a folder bigger than the Free plan’s room: said before anything downloads, what fits is imported, and the summary counts the file the plan refused as failed with its reason (issue 21 §4)', async ({ page }) => {
  // Seeding 99 rows one by one and two uploads against the plan trigger: minutes on a busy machine.
  test.setTimeout(480_000);
  const user = await signInThroughUi(page);
  const person = asPerson(user);
  // Rows only (no files): what the plan counts. 98 of the Free plan's 100.
  const fill = async (count: number) => {
    const rows = Array.from({ length: count }, () => {
      const id = crypto.randomUUID();
      return { id, name: 'note.txt', storage_path: `${user.session.user.id}/${id}/note.txt`, mime_type: 'text/plain', size: 5 };
    });
    // One row a statement, again after a statement timeout (57014): each row runs the plan and
    // search triggers, and a batch can outlast the person's statement timeout on a busy machine.
    for (const row of rows) {
      await expect(async () => expect((await person.from('documents').insert(row)).error).toBeNull()).toPass({ timeout: 30_000 });
    }
  };
  await fill(98);
  // The first visit loads the documents area; on a busy machine that takes longer than openLibrary waits.
  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('library-count')).toHaveText('98 documents', { timeout: 30_000 });
  await openImport(page);
  await connectThroughPopup(page);
  await openFolder(page, 'Documents');
  await dialog(page).getByRole('button', { name: 'Import folder Insurance' }).click();
  await dialog(page).getByRole('button', { name: 'Import 4 files' }).click();

  // Before anything downloads: the four do not fit, with the choice to import what fits or upgrade.
  const question = dialog(page).getByRole('group', { name: 'Not enough room in your plan' });
  await expect(question.getByRole('alert')).toHaveText('Your Free plan holds up to 100 documents and you have 98: only 2 of these 4 files fit.', { timeout: 30_000 });
  await expect(question.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute('href', '/settings#plan');
  await expect(dialog(page).getByRole('list', { name: 'Files being imported' })).toHaveCount(0);
  await lookAt(page, 'drive-import-plan-fit');
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // Meanwhile another device adds a document: only one of the two now fits, and the database refuses the other.
  await fill(1);
  await question.getByRole('button', { name: 'Import the 2 files that fit' }).click();
  const summary = dialog(page).getByRole('status').filter({ hasText: 'Imported' });
  await expect(summary).toHaveText(
    'Imported 1 · Skipped 0 already imported · Failed 1 — Your Free plan holds up to 100 documents. Upgrade your plan in Settings, or delete documents and empty the trash.',
    { timeout: 240_000 },
  );
  await expect(dialog(page)).toContainText('2 files left out: your plan had no room for them.');
  await expect(dialog(page).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuetext', '2 of 2 files');
  // The refused file's row says Failed, not Downloaded.
  const rows = dialog(page).getByRole('list', { name: 'Files being imported' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Failed' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Downloaded' })).toHaveCount(0);
  await expect(dialog(page).getByRole('button', { name: 'Retry failed files' })).toBeVisible();
  await lookAt(page, 'drive-import-plan-refused-summary');
  const { count } = await person.from('documents').select('id', { count: 'exact', head: true });
  expect(count).toBe(100);
});
