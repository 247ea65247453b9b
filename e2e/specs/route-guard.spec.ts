import { expect, test } from '@playwright/test';
import { signUpFreshUser } from '../support/signed-in-session';

test('a visitor who opens a page that needs a session signs in and comes back to it', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard$/);
  const user = await signUpFreshUser(page, 'Returning Rita');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Returning Rita$/ })).toBeVisible();
});

test("a visitor sent from an area's page goes back to that page, query included", async ({ page }) => {
  await page.goto('/documents?q=passport');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fdocuments%3Fq%3Dpassport$/);
  const user = await signUpFreshUser(page);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/documents\?q=passport$/);
});
