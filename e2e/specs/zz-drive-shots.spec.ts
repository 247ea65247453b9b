import { expect, test } from '@playwright/test';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';

for (const size of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`drive screenshots ${size.width}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await signInThroughUi(page);
    await openLibrary(page);
    await page.getByRole('button', { name: 'Import from Google Drive' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import from Google Drive' });
    await page.screenshot({ path: `/tmp/i12/shot-connect-${size.width}.png` });
    const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Connect Google Drive' }).click()]);
    await popup.waitForLoadState();
    await popup.getByRole('button', { name: 'Allow' }).click();
    await expect(dialog.getByRole('list', { name: 'Folders' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Photos', exact: true }).click();
    await expect(dialog.getByRole('list', { name: 'Files' })).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/i12/shot-browse-${size.width}.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    console.log(`overflow ${size.width}: ${overflow}`);
    await page.keyboard.press('Escape');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Google Drive' })).toBeVisible();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/i12/shot-dashboard-${size.width}.png`, fullPage: true });
  });
}
