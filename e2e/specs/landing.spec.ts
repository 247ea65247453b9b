import { expect, test } from '@playwright/test';
import { signInFreshUser } from '../support/signed-in-session';

test('a visitor sees what Dossier does and the ways in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Keep the documents that matter, in one safe place');
  await expect(page.getByRole('heading', { name: 'What Dossier does' })).toBeVisible();
  await page.getByRole('link', { name: 'Create a free account' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=sign-up$/);
  await expect(page.getByLabel('Name')).toBeVisible();
  await page.goBack();
  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a signed-in person opening / goes on to the dashboard', async ({ page }) => {
  await signInFreshUser(page, 'Known Kim');
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Known Kim$/ })).toBeVisible();
});
