// Portfolios and sharing (issue 11): an owner and an anonymous visitor in two browser contexts.
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { SHARE_MESSAGES } from '@dossier/shared/core';
import { file, makePdf, makePng } from '../fixtures/documents/make-files';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';

const panel = (page: Page) => page.getByRole('dialog', { name: 'Document details' });
const item = (page: Page, name: string) => page.getByTestId('document-item').filter({ has: page.getByRole('button', { name, exact: true }) });

async function upload(page: Page, files: ReturnType<typeof file>[]) {
  await page.getByTestId('upload-input').setInputFiles(files);
  for (const f of files) {
    await expect(page.getByTestId('upload-row').filter({ hasText: f.name }).getByRole('status')).toHaveText('Uploaded', { timeout: 30_000 });
  }
}

/** Fills the share dialog's options, creates the link and answers it. */
async function createLink(page: Page, title: string, options: { password?: string; oneTime?: boolean } = {}): Promise<string> {
  const dialog = page.getByRole('dialog', { name: `Share “${title}”` });
  await expect(dialog).toBeVisible();
  if (options.oneTime) await dialog.getByLabel('Views').selectOption('once');
  if (options.password) await dialog.getByLabel('Password (optional)').fill(options.password);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = dialog.getByLabel('Link', { exact: true });
  await expect(link).toHaveValue(/\/(link|portfolio)\/[A-Za-z0-9_-]{32}$/);
  return link.inputValue();
}

async function visitor(browser: Browser) {
  // "Download all" streams through the download service worker (ADR 0161); the suite blocks workers by default.
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  return { context, page: await context.newPage() };
}

test('a live shared portfolio: three documents and a checklist, previews and downloads, a fourth appears, revoking closes it', async ({ page, browser }) => {
  test.setTimeout(240_000); // the longest journey of the suite: two people, six page loads, uploads
  page.on('dialog', (d) => void d.accept());
  await signInThroughUi(page);
  await openLibrary(page);
  await upload(page, [
    file('passport.pdf', makePdf(['Passport of the holder']), 'application/pdf'),
    file('bank-statement.pdf', makePdf(['Bank statement March']), 'application/pdf'),
    file('photo.png', makePng(), 'image/png'),
  ]);

  await page.goto('/portfolios');
  await expect(page.getByRole('heading', { name: 'No portfolios yet' })).toBeVisible();
  await page.getByRole('button', { name: 'New portfolio' }).click();
  await page.getByLabel('Name').fill('  Visa: Spain?  ');
  await page.getByRole('button', { name: 'Create portfolio' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Visa Spain' })).toBeVisible();

  // Add the three documents through the picker.
  await page.getByRole('button', { name: 'Add documents' }).click();
  for (const name of ['passport.pdf', 'bank-statement.pdf', 'photo.png']) await page.getByRole('checkbox', { name: new RegExp(name.replace('.', '\\.')) }).check();
  await page.getByRole('button', { name: 'Add 3' }).click();
  await expect(page.getByTestId('library-count')).toHaveText('3 documents');

  // A checklist with one slot filled.
  for (const label of ['Passport', 'Bank statements', 'Employer letter']) {
    await page.getByLabel('New checklist item').fill(label);
    await page.getByRole('button', { name: 'Add to checklist' }).click();
    await expect(page.getByTestId('checklist-item').filter({ hasText: label })).toBeVisible();
  }
  await page.getByLabel('Document for Passport').selectOption({ label: 'passport.pdf' });
  await expect(page.getByText('1 of 3 ready · 2 missing')).toBeVisible();

  // Share it.
  await page.getByRole('button', { name: 'Share portfolio' }).click();
  const url = await createLink(page, 'Visa Spain');
  expect(url).toContain('/portfolio/');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Close', exact: true }).click();

  // The anonymous visitor: previews, downloads one, downloads all.
  const anon = await visitor(browser);
  await anon.page.goto(url);
  await expect(anon.page.getByRole('heading', { level: 1, name: 'Visa Spain' })).toBeVisible();
  await expect(anon.page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(anon.page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  const list = anon.page.getByRole('list', { name: 'Shared documents' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await list.getByRole('button', { name: 'passport.pdf', exact: true }).click();
  await expect(anon.page.getByRole('img', { name: 'Page 1 of passport.pdf' })).toBeVisible();
  await list.getByRole('button', { name: 'photo.png', exact: true }).click();
  await expect(anon.page.getByRole('img', { name: 'photo.png' })).toBeVisible();
  const [single] = await Promise.all([anon.page.waitForEvent('download'), list.getByRole('button', { name: 'Download bank-statement.pdf' }).click()]);
  expect(single.suggestedFilename()).toBe('bank-statement.pdf');
  const [zip] = await Promise.all([anon.page.waitForEvent('download'), anon.page.getByRole('button', { name: 'Download all' }).click()]);
  expect(zip.suggestedFilename()).toBe('Visa Spain.zip');
  // Streamed through the download service worker (ADR 0161), not assembled in memory; byte for byte.
  expect(await anon.page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname))).toContain('/__download/');
  const entries = unzipSync(readFileSync(await zip.path()));
  expect(Object.keys(entries).sort()).toEqual(['bank-statement.pdf', 'passport.pdf', 'photo.png']);
  expect(Buffer.from(entries['passport.pdf']).equals(makePdf(['Passport of the holder']))).toBe(true);
  expect(Buffer.from(entries['bank-statement.pdf']).equals(makePdf(['Bank statement March']))).toBe(true);
  expect(Buffer.from(entries['photo.png']).equals(makePng())).toBe(true);

  // A adds a fourth document through the panel's portfolio picker; the visitor sees it after a reload.
  await openLibrary(page);
  await upload(page, [file('employer-letter.pdf', makePdf(['Employer letter']), 'application/pdf')]);
  await item(page, 'employer-letter.pdf').getByRole('button', { name: 'employer-letter.pdf' }).click();
  await panel(page).getByLabel('Portfolio').selectOption({ label: 'Visa Spain' });
  await panel(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  await anon.page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list.getByRole('button', { name: 'employer-letter.pdf', exact: true })).toBeVisible();

  // The owner's view log shows which documents were opened; then A revokes.
  await page.goto('/portfolios');
  await page.getByRole('link', { name: /Visa Spain/ }).click();
  await page.getByRole('button', { name: 'Share portfolio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share “Visa Spain”' });
  const row = dialog.getByTestId('share-link');
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'View log' }).click();
  await expect(row.getByRole('list', { name: 'View log' })).toContainText('Downloaded');
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Revoke link' }).click();
  await expect(row).toContainText('Revoked');
  await anon.page.reload();
  await expect(anon.page.getByRole('heading', { name: SHARE_MESSAGES.unavailable })).toBeVisible();
  await expect(anon.page.getByText('Visa Spain')).toHaveCount(0);
  await anon.context.close();
});

test('a document link with a password and one view: a wrong password is refused, the right one opens once, the second open is refused', async ({ page, browser }) => {
  await signInThroughUi(page);
  await openLibrary(page);
  await upload(page, [file('insurance.pdf', makePdf(['Home insurance certificate']), 'application/pdf')]);
  await item(page, 'insurance.pdf').getByRole('button', { name: 'insurance.pdf' }).click();
  await panel(page).getByRole('button', { name: 'Share', exact: true }).click();
  const url = await createLink(page, 'insurance.pdf', { password: 'open sesame', oneTime: true });
  expect(url).toContain('/link/');

  const anon = await visitor(browser);
  await anon.page.goto(url);
  await expect(anon.page.getByRole('heading', { name: SHARE_MESSAGES.passwordRequired })).toBeVisible();
  await expect(anon.page.getByText('insurance.pdf')).toHaveCount(0);
  await anon.page.getByLabel('Password').fill('wrong guess');
  await anon.page.getByRole('button', { name: 'Open' }).click();
  await expect(anon.page.getByText(SHARE_MESSAGES.wrongPassword)).toBeVisible();
  await anon.page.getByLabel('Password').fill('open sesame');
  await anon.page.getByRole('button', { name: 'Open' }).click();
  await expect(anon.page.getByRole('heading', { level: 1, name: 'insurance.pdf' })).toBeVisible();
  await expect(anon.page.getByRole('img', { name: 'Page 1 of insurance.pdf' })).toBeVisible();

  const second = await anon.context.newPage();
  await second.goto(url);
  await expect(second.getByRole('heading', { name: SHARE_MESSAGES.unavailable })).toBeVisible();
  await anon.context.close();

  // The owner sees the link used up. (Closed without "Done": the new link's panel goes by itself
  // once the dialog learns the link is used up.)
  const dialog = page.getByRole('dialog', { name: 'Share “insurance.pdf”' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await panel(page).getByRole('button', { name: 'Share', exact: true }).click();
  await expect(dialog.getByTestId('share-link')).toContainText('Used up');
});

test('offline, Share copies a link made on this device', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInThroughUi(page);
  await openLibrary(page);
  await upload(page, [file('tax-return.pdf', makePdf(['Tax return 2025']), 'application/pdf')]);
  await item(page, 'tax-return.pdf').getByRole('button', { name: 'tax-return.pdf' }).click();
  await panel(page).getByRole('button', { name: 'Share', exact: true }).click();
  const url = await createLink(page, 'tax-return.pdf');
  const dialog = page.getByRole('dialog', { name: 'Share “tax-return.pdf”' });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await context.setOffline(true);
  await panel(page).getByRole('button', { name: 'Share', exact: true }).click();
  await expect(dialog.getByText(/You're offline/)).toBeVisible();
  await dialog.getByTestId('share-link').getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await context.setOffline(false);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the share dialog is the design system dialog: a full-width bottom sheet, Tab stays inside, Escape gives focus back; Revoke all asks first', async ({ page }) => {
    await signInThroughUi(page);
    await openLibrary(page);
    await upload(page, [file('lease.pdf', makePdf(['Tenancy agreement']), 'application/pdf')]);
    await item(page, 'lease.pdf').getByRole('button', { name: 'lease.pdf' }).click();
    const shareButton = panel(page).getByRole('button', { name: 'Share', exact: true });
    await shareButton.click();
    const dialog = page.getByRole('dialog', { name: 'Share “lease.pdf”' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('No links yet.')).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box && { x: Math.round(box.x), width: Math.round(box.width), bottom: Math.round(box.y + box.height) }).toEqual({ x: 0, width: 390, bottom: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(shareButton).toBeFocused();

    // Two links, then Revoke all: a question first; Cancel keeps them, the confirmation revokes both.
    await shareButton.click();
    for (const label of ['Bank', 'Landlord']) {
      await dialog.getByLabel('Link name (optional)').fill(label);
      await dialog.getByRole('button', { name: 'Create link' }).click();
      await dialog.getByRole('button', { name: 'Done' }).click();
    }
    const rows = dialog.getByTestId('share-link');
    await expect(rows).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Revoke all' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Revoke all 2 active links?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toHaveCount(0);
    await expect(rows.filter({ hasText: 'Active' })).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Revoke all' }).click();
    await ask.getByRole('button', { name: 'Revoke 2 links' }).click();
    await expect(rows.filter({ hasText: 'Revoked' })).toHaveCount(2);
    await expect(dialog).toBeVisible();

    // A link revoked straight after it was made (found by hand): one link asks first too, and the
    // "Your new link" panel then goes, so its Share link button cannot hand out a dead link.
    await dialog.getByLabel('Link name (optional)').fill('Plumber');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const created = dialog.getByRole('region', { name: 'New link' });
    await expect(created.getByRole('button', { name: 'Share link' })).toBeVisible();
    const plumber = rows.filter({ hasText: 'Plumber' });
    await plumber.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Revoke link' }).click();
    await expect(plumber).toContainText('Revoked');
    await expect(created).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Create link' })).toBeVisible();
  });
});
