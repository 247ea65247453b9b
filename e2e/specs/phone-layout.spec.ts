import { expect, test, type Locator, type Page } from '@playwright/test';
import { CONSENT } from '@dossier/shared/core';
import { file, makePdf } from '../fixtures/documents/make-files';
import { signUpFreshUser } from '../support/signed-in-session';

/**
 * Issue #9: a phone-size journey by touch — sign in, upload from the file picker, find it, open
 * it, tag it, go back — and the phone frame (bottom tab bar, full-screen document sheet).
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** The element a finger would hit at the centre of `target` is `target` (or inside it): nothing covers it. */
async function expectUncovered(target: Locator) {
  const covered = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit && (hit === element || element.contains(hit)) ? null : (hit?.outerHTML.slice(0, 120) ?? 'nothing');
  });
  expect(covered, 'something covers the control').toBeNull();
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.document).toBeLessThanOrEqual(widths.viewport);
}

test('sign in, upload from the file picker, find it, open it, tag it and go back — by touch', async ({ page }) => {
  test.setTimeout(3 * 60_000);
  await page.context().addInitScript(
    ([key, version]) => {
      const record = { essential: true, analytics: false, marketing: false, notifications: false, dataProcessing: false, termsAccepted: true, privacyAccepted: true, timestamp: new Date().toISOString(), version };
      window.localStorage.setItem(key, JSON.stringify(record));
    },
    [CONSENT.storageKey, CONSENT.version] as const,
  );
  const user = await signUpFreshUser(page, 'Phone Pat');

  // Sign in.
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Email').tap();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').tap();
  await page.getByLabel('Password').fill(user.password);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).tap();
  await expect(page).toHaveURL(/\/dashboard$/);
  await noSidewaysScroll(page);

  // The navigation is a bottom tab bar, every item on screen; no release labels on the page.
  const nav = page.getByRole('navigation', { name: 'Main' });
  const navBox = await nav.boundingBox();
  expect(navBox && navBox.y + navBox.height).toBeGreaterThanOrEqual(844 - 1);
  // Five tabs, each label whole (an ellipsised "Dashbo…" is as bad as one off-screen); tags are
  // managed from the documents page's own "Manage tags".
  await expect(nav.getByRole('link')).toHaveCount(5);
  for (const label of ['Dashboard', 'Documents', 'Portfolios', 'Transfers', 'Settings']) {
    const link = nav.getByRole('link', { name: label });
    await expect(link).toBeInViewport();
    const clipped = await link.locator('.dossier-nav-label').evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(clipped, `the "${label}" tab's label is cut off`).toBe(false);
  }
  await expect(page.getByText(/release/i)).toHaveCount(0);

  await nav.getByRole('link', { name: 'Documents' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  // Every library section whole on screen: the row used to scroll sideways and cut "Manage tags".
  const sections = page.getByRole('navigation', { name: 'Library sections' });
  for (const section of [sections.getByRole('button', { name: 'Documents' }), sections.getByRole('button', { name: 'Trash' }), sections.getByRole('button', { name: 'Categories' }), sections.getByRole('link', { name: 'Manage tags' })]) {
    await expect(section).toBeInViewport({ ratio: 1 });
  }

  // Upload from the file picker: on a phone behind the floating "Add documents" (issue 22).
  await page.getByRole('button', { name: 'Add documents' }).tap();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).tap();
  await (await chooser).setFiles([file('phone-bill.pdf', makePdf(['Mobile phone bill for October']), 'application/pdf')]);
  await expect(page.getByTestId('library-count')).toHaveText('1 document');
  await noSidewaysScroll(page);

  // Find it.
  await page.getByRole('searchbox', { name: 'Search documents' }).tap();
  await page.getByRole('searchbox', { name: 'Search documents' }).fill('phone bill');
  await expect(page).toHaveURL(/[?&]q=phone\+bill/);
  const row = page.getByRole('button', { name: 'phone-bill.pdf', exact: true });
  await expect(row).toBeVisible();

  // Open it: a full-screen sheet, with focus inside.
  await row.tap();
  const sheet = page.getByRole('dialog', { name: 'Document details' });
  await expect(sheet).toBeVisible();
  const sheetBox = await sheet.boundingBox();
  expect(sheetBox).toMatchObject({ x: 0, width: 390 });
  expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await noSidewaysScroll(page);

  // Tag it; the "saved" toast does not cover "Add tag".
  await sheet.getByPlaceholder('Add a tag').tap();
  await sheet.getByPlaceholder('Add a tag').fill('Bills');
  const addTag = sheet.getByRole('button', { name: 'Add tag', exact: true });
  await addTag.tap();
  await expect(sheet.getByRole('list', { name: 'Tags' })).toContainText('Bills');
  await addTag.scrollIntoViewIfNeeded();
  await expectUncovered(addTag);

  // Go back: the device's Back closes the sheet and focus returns to the row.
  await page.goBack();
  await expect(sheet).toHaveCount(0);
  await expect(row).toBeFocused();
  await expect(page).toHaveURL(/\/documents\?/);
});

test('filters open in a bottom sheet on a phone, and the list is one column', async ({ page }) => {
  const { signInFreshUser } = await import('../support/signed-in-session');
  await signInFreshUser(page, 'Filter Fay');
  await page.goto('/documents?view=grid');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(page.getByLabel('Filter by category')).toHaveCount(0);
  await page.getByRole('button', { name: 'Filters' }).tap();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await expect(filters.getByLabel('Filter by category')).toBeVisible();
  await noSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(filters).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filters' })).toBeFocused();
});

test('selecting a document on a phone: its bulk actions are not covered by the floating Add documents button', async ({ page }) => {
  const { signInFreshUser } = await import('../support/signed-in-session');
  const { seedDocumentRows } = await import('../support/load-figures');
  const user = await signInFreshUser(page, 'Select Sol');
  await seedDocumentRows(user, 3);
  await page.goto('/documents');
  const addDocuments = page.getByRole('button', { name: 'Add documents' });
  await expect(addDocuments).toBeVisible();

  await page.getByRole('checkbox', { name: /^Select / }).first().tap();
  const bar = page.getByRole('toolbar', { name: 'Selected documents' });
  await expect(bar).toContainText('1 document selected');
  await expect(addDocuments).toBeHidden();
  for (const name of ['Move to trash', 'Clear selection']) {
    const control = bar.getByRole('button', { name });
    await control.scrollIntoViewIfNeeded();
    await expectUncovered(control);
  }
  await expectUncovered(bar.getByLabel('Set category of selected'));

  // The selection cleared, the button is back.
  await page.getByRole('checkbox', { name: /^Select / }).first().tap();
  await expect(bar).toHaveCount(0);
  await expect(addDocuments).toBeVisible();
});
