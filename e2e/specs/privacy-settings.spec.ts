import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { CONSENT, VALIDATION_MESSAGES } from '@dossier/shared/core';
import { signInFreshUser } from '../support/signed-in-session';

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const storedConsent = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), CONSENT.storageKey);

test.describe('privacy settings and settings', () => {
  test('a signed-in user changes their consent choices with the dialog rules, and clearing them asks again', async ({ page }) => {
    await signInFreshUser(page, { consent: 'ask' });
    await page.goto('/privacy-settings');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Privacy Settings' })).toBeVisible();
    await expect(main.getByText('You have not made your choices yet.')).toBeVisible();
    // The dialog stays away on the page where the same choices are made.
    await expect(page.getByRole('dialog', { name: 'Your privacy choices' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await main.getByRole('checkbox', { name: 'Marketing' }).check();
    await main.getByRole('button', { name: 'Save choices' }).click();
    await expect(main.getByRole('alert')).toHaveText(VALIDATION_MESSAGES.consentRequired);

    await main.getByRole('checkbox', { name: 'I accept the Terms of Service' }).check();
    await main.getByRole('checkbox', { name: 'I accept the Privacy Policy' }).check();
    await main.getByRole('button', { name: 'Save choices' }).click();
    await expect(main.getByText(/^Saved on /)).toBeVisible();
    expect(await storedConsent(page)).toMatchObject({ marketing: true, analytics: false, termsAccepted: true, privacyAccepted: true, version: '1.0' });

    await expect(main.getByRole('checkbox', { name: 'Essential' })).toBeDisabled();

    await main.getByRole('button', { name: 'Clear my choices' }).click();
    expect(await storedConsent(page)).toBeNull();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('dialog', { name: 'Your privacy choices' })).toBeVisible();
  });

  test('/settings shows the e-mail and saves a new name', async ({ page }) => {
    const user = await signInFreshUser(page, { name: 'First Name' });
    await page.goto('/settings');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(main.getByText(user.email)).toBeVisible();
    const name = main.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveValue('First Name');
    await name.fill('Renamed Person');
    await main.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Your name was saved')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await expect(page.getByRole('main').getByRole('textbox', { name: 'Name' })).toHaveValue('Renamed Person');
    await expect(page.getByRole('main').getByRole('link', { name: 'Privacy Settings' })).toHaveAttribute('href', '/privacy-settings');
  });
});
