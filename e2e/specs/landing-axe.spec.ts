import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInFreshUser } from '../support/signed-in-session';

/** Only serious and critical violations fail: those stop people from using the page. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

test.describe("the shell's own pages pass axe-core", () => {
  test('landing page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('sign in, sign up and forgot password', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Dossier' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await expect(page.getByLabel('Name')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('sign-in error shown', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('dashboard', async ({ page }) => {
    await signInFreshUser(page, 'Axe Alex');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Axe Alex$/ })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('share handler', async ({ page }) => {
    await signInFreshUser(page);
    await page.goto('/share-handler?title=Lease&text=Signed%20copy');
    await expect(page.getByRole('heading', { level: 1, name: 'Add shared files to Dossier' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
