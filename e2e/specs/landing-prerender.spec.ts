import { expect, test } from '@playwright/test';
import { withoutScriptFiles } from '../support/html-alone';

/**
 * ADR 0220: index.html carries the light landing prerendered (markup + stylesheet) and shows it
 * at the first paint on a visitor's `/` only — without waiting for any JavaScript file. Every
 * other address and a signed-in `/` keep it hidden (index.html is the SPA fallback and the
 * service worker's navigation answer). main.js is blocked here to look at the HTML's own paint.
 */
const HEADING = 'Keep the documents that matter, in one safe place';

test("a visitor's / paints the landing from the HTML alone, under the strict CSP", async ({ page }) => {
  const violations = await withoutScriptFiles(page);
  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADING);
  await expect(page.getByRole('main').getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/auth?mode=sign-up');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  // Styled by the inlined stylesheet: the phone's tab bar is fixed at the bottom, nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(violations).toEqual([]);
});

test('other addresses and a signed-in / never show the prerendered landing', async ({ page }) => {
  const violations = await withoutScriptFiles(page);
  // (A visitor's plain /auth shows its own prerendered card: auth-first-paint.spec.ts.)
  for (const address of ['/documents', '/auth?mode=sign-up', '/privacy', '/no-such-page', '/?code=abc']) {
    await page.goto(address);
    await expect(page.locator('#root')).toBeHidden();
    expect(await page.locator('#dossier-first-paint').count(), address).toBe(0);
    await expect(page.locator('#dossier-auth-first-paint'), address).toBeHidden();
  }
  await page.addInitScript(() => localStorage.setItem('sb-127-auth-token', '{}'));
  await page.goto('/');
  await expect(page.locator('#root')).toBeHidden();
  expect(violations).toEqual([]);
});

test('with JavaScript the light landing takes the prerendered page over (hydration keeps its nodes)', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADING);
  expect(await page.evaluate(() => document.getElementById('root')?.hidden)).toBe(false);
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(errors.filter((text) => /hydrat|Minified React error/i.test(text))).toEqual([]);
});
