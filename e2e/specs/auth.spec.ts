import { expect, test, type Page } from '@playwright/test';
import { AUTH_ERROR_MESSAGES } from '@dossier/shared/core';
import { seedAcceptedConsent, signUpFreshUser } from '../support/signed-in-session';
import { MASTER_CATEGORIES, categoryNames, freshEmail, latestMail } from '../support/shell-auth';

/** The form's submit button (the first "Sign in" is the tab switch). */
const submitSignIn = (page: Page) => page.locator('form').getByRole('button', { name: 'Sign in' });

test.describe('signing in and up', () => {
  test('a new person signs up with e-mail and lands on the dashboard with the 20 default categories', async ({ page }) => {
    const email = freshEmail('signup');
    const password = 'correct-horse-battery';
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Ada Lovelace$/ })).toBeVisible();
    await expect.poll(() => categoryNames(page, email, password)).toEqual(MASTER_CATEGORIES);
  });

  test('an existing person signs in with e-mail and password', async ({ page }) => {
    await page.goto('/auth');
    const user = await signUpFreshUser(page, 'Grace Hopper');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await submitSignIn(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Grace Hopper$/ })).toBeVisible();
  });

  test('a wrong password shows the invalid-credentials message and keeps the person on /auth', async ({ page }) => {
    await page.goto('/auth');
    const user = await signUpFreshUser(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('not-the-password');
    await submitSignIn(page).click();
    await expect(page.getByRole('alert')).toHaveText(AUTH_ERROR_MESSAGES.invalid_credentials);
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('signing up again with a registered address suggests signing in instead', async ({ page }) => {
    await page.goto('/auth?mode=sign-up');
    const user = await signUpFreshUser(page);
    await page.getByLabel('Name').fill('Someone Else');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('another-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText(AUTH_ERROR_MESSAGES.account_conflict);
  });

  test('Continue with Google, Allow: a new identity-provider user is signed in, onboarded and sent where they were going', async ({ page }) => {
    const email = freshEmail('google');
    await page.goto('/auth?redirect=%2Fdashboard');
    await page.getByRole('button', { name: 'Continue with Google' }).click();

    // The local stack's Google emulator consent page.
    await page.getByLabel('Use another account').check();
    await page.getByLabel('Name').fill('Katherine Johnson');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Allow' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Katherine Johnson$/ })).toBeVisible();
    // Onboarding used the page's own session: read the categories through it.
    const names = await page.evaluate(async () => {
      const config = await (await fetch('/app-config.json')).json();
      const key = `sb-${new URL(config.supabaseUrl).hostname.split('.')[0]}-auth-token`;
      const session = JSON.parse(localStorage.getItem(key) ?? 'null');
      const response = await fetch(`${config.supabaseUrl}/rest/v1/user_document_categories?select=name&order=sort_order`, {
        headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${session?.access_token}` },
      });
      return ((await response.json()) as { name: string }[]).map((row) => row.name);
    });
    expect(names).toEqual(MASTER_CATEGORIES);
  });

  test('Continue with Google, Deny: back on /auth without a message and with a clean address', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Dossier' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('forgot password: the outbox link opens "Set a new password" and the new password signs in', async ({ page }) => {
    // The recovery link signs the person in; consent was given before (it is not what this tests).
    await seedAcceptedConsent(page.context());
    await page.goto('/auth');
    const user = await signUpFreshUser(page, 'Forgetful Fred');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/a link to set a new password is on its way/)).toBeVisible();

    let link: string | null | undefined;
    await expect
      .poll(async () => {
        const mail = await latestMail(page, user.email);
        link = mail?.type === 'recovery' ? mail.link : undefined;
        return Boolean(link);
      })
      .toBe(true);
    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('brand-new-password-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The new password works from a fresh browser.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('brand-new-password-2');
    await submitSignIn(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
