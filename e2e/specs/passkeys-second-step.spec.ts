import { expect, test, type Page } from '@playwright/test';
import { signInFreshUser, type SignedInUser } from '../support/signed-in-session';
import { onLocalhost, virtualAuthenticator } from '../support/virtual-authenticator';

test.setTimeout(240_000);

async function signOutAndSignIn(page: Page, at: (path: string) => string, user: SignedInUser) {
  await page.goto(at('/settings'));
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goto(at('/auth'));
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
}

test('a passkey as the second step: after the password, the passkey completes two-step sign-in and the library opens', async ({ page, baseURL }) => {
  const at = onLocalhost(baseURL);
  const authenticator = await virtualAuthenticator(page);
  const user = await signInFreshUser(page, 'Sam Second');

  // Settings → Passkeys: the passkey becomes the second step; the first one brings recovery codes.
  await page.goto(at('/settings'));
  await page.getByRole('button', { name: 'Use a passkey for two-step sign-in' }).click({ timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Two-step sign-in accepts your passkey instead of a code.')).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);

  // The password alone is not enough: the two-step screen offers the passkey.
  await signOutAndSignIn(page, at, user);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Use your passkey instead' }).click();
  await expect(page).toHaveURL(/\/documents/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toHaveCount(0);
  const aal = await page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))!;
    const token = JSON.parse(localStorage.getItem(key)!).access_token as string;
    return JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).aal as string;
  });
  expect(aal).toBe('aal2');
});
