import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { CONSENT, CONSENT_BUTTONS, ERROR_SCREEN_BUTTONS, VALIDATION_MESSAGES, VIEW_FULL_PAGE } from '@dossier/shared/core';
import { signInFreshUser } from '../support/signed-in-session';

const consentDialog = (page: Page) => page.getByRole('dialog', { name: 'Your privacy choices' });
const storedConsent = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), CONSENT.storageKey);

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('consent dialog (SPEC §4, §5, §6)', () => {
  test('a visitor is never asked', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(consentDialog(page)).toHaveCount(0);
  });

  test('a signed-in user must accept Terms and Privacy before Accept Selected, can read both texts, and is not asked again', async ({ page }) => {
    await signInFreshUser(page, { consent: 'ask' });
    await page.goto('/dashboard');
    const dialog = consentDialog(page);
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const essential = dialog.getByRole('checkbox', { name: 'Essential' });
    await expect(essential).toBeChecked();
    await expect(essential).toBeDisabled();
    for (const name of ['Analytics', 'Marketing', 'Notifications', 'Data processing', 'I accept the Terms of Service', 'I accept the Privacy Policy']) {
      await expect(dialog.getByRole('checkbox', { name })).not.toBeChecked();
    }

    await dialog.getByRole('checkbox', { name: 'Analytics' }).check();
    await dialog.getByRole('checkbox', { name: 'I accept the Terms of Service' }).check();
    await dialog.getByRole('button', { name: CONSENT_BUTTONS.acceptSelected }).click();
    await expect(dialog.getByRole('alert')).toHaveText(VALIDATION_MESSAGES.consentRequired);
    expect(await storedConsent(page)).toBeNull();

    // The Terms open in their own dialog on top; Escape closes only that one.
    await dialog.getByRole('button', { name: 'Read the Terms of Service' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms of Service' });
    await expect(terms).toBeVisible();
    await expect(terms.getByText(/12 months before the claim/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(terms).toBeHidden();
    await expect(dialog).toBeVisible();

    // 'View Full Page' leads to /privacy; the dialog stays away there and returns afterwards.
    await dialog.getByRole('button', { name: 'Read the Privacy Policy' }).click();
    await page.getByRole('dialog', { name: 'Privacy Policy' }).getByRole('link', { name: VIEW_FULL_PAGE }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(consentDialog(page)).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(consentDialog(page)).toBeVisible();

    await consentDialog(page).getByRole('checkbox', { name: 'Notifications' }).check();
    await consentDialog(page).getByRole('checkbox', { name: 'I accept the Terms of Service' }).check();
    await consentDialog(page).getByRole('checkbox', { name: 'I accept the Privacy Policy' }).check();
    await consentDialog(page).getByRole('button', { name: CONSENT_BUTTONS.acceptSelected }).click();
    await expect(consentDialog(page)).toHaveCount(0);
    expect(await storedConsent(page)).toMatchObject({
      essential: true,
      analytics: false,
      marketing: false,
      notifications: true,
      dataProcessing: false,
      termsAccepted: true,
      privacyAccepted: true,
      version: '1.0',
    });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(consentDialog(page)).toHaveCount(0);
  });

  test("'Accept All' stores everything; the choice follows the account to a new browser, and 'Decline All' there closes the app until Terms are accepted", async ({ page, browser }) => {
    test.setTimeout(3 * 60_000);
    const user = await signInFreshUser(page, { consent: 'ask' });
    await page.goto('/dashboard');
    await consentDialog(page).getByRole('button', { name: CONSENT_BUTTONS.acceptAll }).click();
    await expect(consentDialog(page)).toHaveCount(0);
    expect(await storedConsent(page)).toMatchObject({ analytics: true, marketing: true, notifications: true, dataProcessing: true, termsAccepted: true, privacyAccepted: true });

    // A new browser (nothing stored on the device): the account's choice counts, nothing is asked.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const second = await other.newPage();
      await second.goto('/auth');
      await second.locator('form').getByLabel('Email').fill(user.email);
      await second.locator('form').getByLabel('Password').fill(user.password);
      await second.locator('form').getByRole('button', { name: 'Sign in' }).click();
      await expect(second).not.toHaveURL(/\/auth/);
      await expect(second.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect.poll(() => storedConsent(second)).toMatchObject({ analytics: true, termsAccepted: true, privacyAccepted: true });
      await second.waitForLoadState('networkidle');
      await expect(consentDialog(second)).toHaveCount(0);

      // 'Decline All' in Privacy Settings there: stored for the account, and the app is closed until Terms are accepted.
      await second.goto('/privacy-settings');
      await second.getByRole('button', { name: CONSENT_BUTTONS.declineAll }).click();
      await expect.poll(() => storedConsent(second)).toMatchObject({ essential: true, analytics: false, termsAccepted: false, privacyAccepted: false });
      await second.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
      const needed = second.getByRole('dialog', { name: 'Dossier needs your agreement' });
      // Asked again; closing the question is no way around it.
      await expect(consentDialog(second)).toBeVisible();
      await second.keyboard.press('Escape');
      await expect(needed).toBeVisible();
      expect(await seriousViolations(second)).toEqual([]);
    } finally {
      await other.close();
    }

    // The first browser follows the account at its next start: asked again, with the account's (declined) choices shown.
    await page.reload();
    await expect(consentDialog(page)).toBeVisible();
    await expect(consentDialog(page).getByRole('checkbox', { name: 'Analytics' })).not.toBeChecked();
    await consentDialog(page).getByRole('button', { name: CONSENT_BUTTONS.declineAll }).click();
    await expect(page.getByRole('dialog', { name: 'Dossier needs your agreement' })).toBeVisible();
    await page.getByRole('button', { name: 'Review my choices' }).click();
    await consentDialog(page).getByRole('button', { name: CONSENT_BUTTONS.acceptAll }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a record of another version counts as none; Escape saves nothing and the app stays closed', async ({ page }) => {
    await signInFreshUser(page, { consent: 'ask' });
    await page.goto('/terms');
    await page.evaluate(
      (key) => localStorage.setItem(key, JSON.stringify({ essential: true, analytics: true, marketing: true, notifications: true, dataProcessing: true, termsAccepted: true, privacyAccepted: true, timestamp: new Date().toISOString(), version: '0.9' })),
      CONSENT.storageKey,
    );
    await page.goto('/dashboard');
    await expect(consentDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(consentDialog(page)).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Dossier needs your agreement' })).toBeVisible();
    expect(await storedConsent(page)).toMatchObject({ version: '0.9' });
  });
});

// The dialog and the legal texts come when the dialog is drawn (ADR 0492). A connection that drops
// while they download must not leave the person stuck: the error says so, and Try Again brings the
// dialog — also when what failed was the legal texts, a module the areas share.
test.describe('consent dialog whose code fails to download once', () => {
  test.use({ serviceWorkers: 'block' });

  for (const [what, mark] of [
    ['the legal texts (a shared module)', 'Dossier keeps your important documents so that you can find'],
    ["the dialog's own code", 'dossier-legal-dialog'],
  ] as const) {
    test(`${what}: the error with Try Again, then the dialog`, async ({ page }) => {
      let failing = true;
      const blocked: string[] = [];
      await page.route('**/*.js', async (route) => {
        const response = await route.fetch();
        const body = await response.text();
        if (failing && body.includes(mark)) {
          blocked.push(route.request().url());
          return route.abort('internetdisconnected');
        }
        return route.fulfill({ response, body });
      });
      await signInFreshUser(page, { consent: 'ask' });
      await page.goto('/dashboard');
      await expect(page.getByText('Your privacy choices could not be asked for.')).toBeVisible({ timeout: 30_000 });
      expect(blocked.length).toBeGreaterThan(0);

      failing = false;
      await page.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain }).click();
      const dialog = consentDialog(page);
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: /Privacy Policy/ }).first().click();
      await expect(page.getByRole('dialog', { name: 'Privacy Policy' })).toBeVisible();
      await page.getByRole('button', { name: 'Close Privacy Policy' }).click();
      await dialog.getByRole('button', { name: CONSENT_BUTTONS.acceptAll }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText('Your privacy choices could not be asked for.')).toHaveCount(0);
    });
  }
});
