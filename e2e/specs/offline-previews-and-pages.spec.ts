import { expect, test, type Page } from '@playwright/test';
import { file, makePdf } from '../fixtures/documents/make-files';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';
import { snapshotHas, snapshotHasQuery, snapshotQueryHas } from '../support/persisted-queries';
import { asPerson } from '../support/signed-in-session';

// Issue #9 §4 (SPEC §4 "cached documents and portfolios are used"): offline after a reload, a
// document opened recently still shows its preview, one never opened says clearly that it is not
// available offline; the dashboard and the portfolio pages render from the persisted cache with
// the same "Offline — showing what you had" marker as the library. Sign-out forgets the files.
test.use({ serviceWorkers: 'allow' });

const item = (page: Page, name: string) => page.getByTestId('document-item').filter({ has: page.getByRole('button', { name, exact: true }) });

/** How many files this device keeps for offline previews (IndexedDB 'dossier-recent-files'). */
function keptFiles(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('dossier-recent-files');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('files')) return resolve(0);
          const count = db.transaction('files').objectStore('files').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => resolve(-1);
        };
        open.onerror = () => resolve(-1);
      }),
  );
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`offline at ${viewport.width}x${viewport.height}: recent previews, a clear "not available offline", the dashboard and portfolios from cache`, async ({ page, context }, testInfo) => {
    test.setTimeout(4 * 60_000);
    await page.setViewportSize(viewport);
    const user = await signInThroughUi(page);
    const api = asPerson(user);
    const portfolio = await api.from('portfolios').insert({ name: 'Flat in Lisbon', description: 'Rental contract and deposit' }).select('id').single();
    expect(portfolio.error).toBeNull();

    await openLibrary(page);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    await page.getByTestId('upload-input').setInputFiles([
      file('rental-contract.pdf', makePdf(['Rental contract', 'Lisbon 2026']), 'application/pdf'),
      file('never-opened.pdf', makePdf(['Never opened here']), 'application/pdf'),
    ]);
    await expect(page.getByTestId('library-count')).toHaveText('2 documents', { timeout: 30_000 });
    await page.screenshot({ path: testInfo.outputPath(`library-${viewport.width}.png`), fullPage: true });

    // Opened online: its preview shows, and its file is kept for offline.
    await item(page, 'rental-contract.pdf').getByRole('button', { name: 'rental-contract.pdf', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Document details' });
    await expect(sheet.getByTestId('pdf-preview')).toContainText('1 page', { timeout: 30_000 });
    await expect.poll(() => keptFiles(page), { timeout: 15_000 }).toBe(1);
    await sheet.getByRole('button', { name: 'Close document' }).click();
    await expect(sheet).toHaveCount(0);

    // Filed after its panel was last open (as the library's bulk bar or another device does): the
    // library's rows learn it, the closed panel's own copy does not (issue #21: "No category").
    // The person's default categories (made by onboarding; idempotent).
    expect((await api.rpc('create_default_categories')).error).toBeNull();
    const { data: categories } = await api.from('user_document_categories').select('id,name').eq('name', 'Real Estate').limit(1);
    const filedUnder = categories![0];
    const rental = await api.from('documents').update({ category_id: filedUnder.id, expires_on: '2031-05-17' }).eq('name', 'rental-contract.pdf').select('id');
    expect(rental.data).toHaveLength(1);

    // The dashboard and the portfolio pages, seen online (nothing offline is marked online).
    await page.goto('/dashboard');
    await expect(page.locator('[data-widget="portfolios.summary"]')).toContainText('Flat in Lisbon', { timeout: 30_000 });
    await expect(page.locator('[data-widget="documents.recent"]')).toContainText('rental-contract.pdf');
    await expect(page.getByTestId('offline-data-notice')).toHaveCount(0);
    // Kept before the next page replaces this one (a loaded machine once navigated first, and the
    // dashboard's portfolios were never kept; the app now also saves on pagehide).
    await expect.poll(() => snapshotHasQuery(page, ['portfolios', 'overview']), { timeout: 15_000 }).toBe(true);
    await page.goto('/portfolios');
    await expect(page.getByTestId('portfolio-card')).toContainText('Flat in Lisbon');
    await page.goto(`/portfolios/${portfolio.data!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Flat in Lisbon' })).toBeVisible();
    await expect.poll(() => snapshotHasQuery(page, ['portfolios', 'detail', portfolio.data!.id]), { timeout: 15_000 }).toBe(true);
    await openLibrary(page);
    await expect.poll(() => snapshotHas(page, 'never-opened.pdf'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => snapshotHas(page, '2031-05-17'), { timeout: 15_000 }).toBe(true);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('offline-data-notice')).toContainText('Offline — showing what you had');

      await item(page, 'rental-contract.pdf').getByRole('button', { name: 'rental-contract.pdf', exact: true }).click();
      await expect(sheet.getByTestId('pdf-preview')).toContainText('1 page', { timeout: 30_000 });
      await expect(sheet.locator('canvas, img').first()).toBeVisible();
      // The same details the online panel shows: its category and expiry, not "No category".
      await expect(sheet.getByLabel('Category').locator('option:checked')).toHaveText(filedUnder.name);
      await expect(sheet.getByLabel('Expires on')).toHaveValue('2031-05-17');
      await page.screenshot({ path: testInfo.outputPath(`offline-preview-${viewport.width}.png`) });
      await sheet.getByRole('button', { name: 'Close document' }).click();

      await item(page, 'never-opened.pdf').getByRole('button', { name: 'never-opened.pdf', exact: true }).click();
      // Its details come from the library's row; only its file is missing.
      await expect(sheet.getByLabel('Name', { exact: true })).toHaveValue('never-opened.pdf');
      await expect(sheet.getByTestId('preview-not-offline')).toContainText('Not available offline');
      await expect(sheet.getByTestId('preview-not-offline')).toContainText('It opens as soon as you are back online.');
      await page.screenshot({ path: testInfo.outputPath(`offline-not-kept-${viewport.width}.png`) });
      await sheet.getByRole('button', { name: 'Close document' }).click();

      // The dashboard and the portfolio pages from the persisted cache, marked as such.
      for (const [path, shown] of [
        ['/dashboard', page.locator('[data-widget="portfolios.summary"]')],
        ['/portfolios', page.getByTestId('portfolio-card')],
        [`/portfolios/${portfolio.data!.id}`, page.getByRole('heading', { level: 1 })],
      ] as const) {
        await page.goto(path);
        await expect(shown).toContainText('Flat in Lisbon', { timeout: 30_000 });
        await expect(page.getByTestId('offline-data-notice')).toContainText('Offline — showing what you had');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.screenshot({ path: testInfo.outputPath(`offline${path.replace(/\//g, '-').slice(0, 30)}-${viewport.width}.png`), fullPage: true });
      }
      await expect(page.getByTestId('offline-data-notice')).toHaveCount(1);
    } finally {
      await context.setOffline(false);
    }
    // Back online the marker goes away.
    await expect(page.getByTestId('offline-data-notice')).toHaveCount(0);

    // Signing out forgets the kept files (a shared device keeps nobody's documents).
    if (viewport.width === 1440) {
      // The service worker's offline answers hold the person's rows and the files they opened too.
      const workerKept = () =>
        page.evaluate(async () => {
          let kept = 0;
          for (const name of await caches.keys()) {
            if (!name.startsWith('dossier-api-fallback')) continue;
            const cache = await caches.open(name);
            kept += (await cache.keys()).filter((r) => /\/storage\/v1\/object\/|\/rest\/v1\/documents/.test(r.url)).length;
          }
          return kept;
        });
      expect(await workerKept()).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expect.poll(() => keptFiles(page), { timeout: 15_000 }).toBe(0);
      await expect.poll(workerKept, { timeout: 15_000 }).toBe(0);
    }
  });
}

test('a document uploaded after the dashboard was last seen is on the dashboard opened offline (not "Nothing added yet")', async ({ page, context }) => {
  test.setTimeout(3 * 60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughUi(page);
  await page.goto('/dashboard');
  await expect(page.locator('[data-widget="documents.recent"]')).toContainText('Nothing added yet', { timeout: 30_000 });
  // Kept on this device (a second after the page's data changed) before the person moves on.
  await expect.poll(() => snapshotHasQuery(page, ['documents', 'recent', 5]), { timeout: 15_000 }).toBe(true);

  // A reload of the library: the dashboard's query comes back from the device's copy, without its fetcher.
  await openLibrary(page);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await page.getByTestId('upload-input').setInputFiles([file('passport-scan-2031.pdf', makePdf(['Passport', 'Expires 2031']), 'application/pdf')]);
  await expect(page.getByTestId('library-count')).toHaveText('1 document', { timeout: 30_000 });
  // The dashboard is not on screen: its "recently added" is fetched again all the same, and kept.
  await expect.poll(() => snapshotQueryHas(page, ['documents', 'recent'], 'passport-scan-2031.pdf'), { timeout: 15_000 }).toBe(true);

  await context.setOffline(true);
  try {
    await page.goto('/dashboard');
    await expect(page.locator('[data-widget="documents.recent"]')).toContainText('passport-scan-2031.pdf', { timeout: 30_000 });
    await expect(page.getByTestId('offline-data-notice')).toContainText('Offline — showing what you had');
  } finally {
    await context.setOffline(false);
  }
});
