import { expect, test, type Page } from '@playwright/test';
import { withoutScriptFiles } from '../support/html-alone';
import { seedAcceptedConsent, signUpFreshUser } from '../support/signed-in-session';

/**
 * ADR 0499: a visitor's /auth shows the sign-in card from index.html itself (prerendered by the
 * shell's build, shown by the inline script) instead of after the app's ~250 KB of JavaScript —
 * seconds sooner on a phone. What the person types and presses on it before the app is there is
 * carried over when the app takes the page over; a press of Sign in never sends the form to the
 * address (the password in the URL).
 */
const CARD = '#dossier-auth-first-paint';
const submitSignIn = (page: Page) => page.locator('form').getByRole('button', { name: 'Sign in' });

/** Holds main.js (every app file waits for it) until the returned function is called. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("a visitor's /auth paints its sign-in card from the HTML alone, under the strict CSP, and Sign in waits for the app", async ({ page }) => {
  const violations = await withoutScriptFiles(page);
  const response = await page.goto('/auth');
  expect(response?.headers()['content-security-policy'] ?? '').not.toMatch(/script-src[^;]*unsafe-inline/);

  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Dossier' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#root')).toBeHidden();
  // Styled by the inlined stylesheet: the primary button is the design system's, nothing wider than the screen.
  await expect(submitSignIn(page)).toHaveClass(/ds-button--primary/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Password').fill('never-in-the-address');
  await page.getByLabel('Password').press('Enter');
  await expect(submitSignIn(page)).toHaveAttribute('aria-busy', 'true');
  expect(new URL(page.url()).search).toBe('');
  await submitSignIn(page).click();
  expect(page.url()).not.toContain('never-in-the-address');
  await expect(page.getByLabel('Password')).toHaveValue('never-in-the-address');
  expect(violations).toEqual([]);
});

test('what a person types and presses before the app has arrived is carried over: signed in without typing again', async ({ page }) => {
  await page.goto('/privacy');
  const user = await signUpFreshUser(page, 'Early Bird');
  await seedAcceptedConsent(page.context());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  const releaseTheApp = await holdTheApp(page);
  await page.goto('/auth', { waitUntil: 'commit' });

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await submitSignIn(page).click();
  await expect(submitSignIn(page)).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator(CARD)).toBeVisible();

  releaseTheApp();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Early Bird$/ })).toBeVisible();
  await expect(page.locator(CARD)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('Sign up pressed before the app has arrived opens Create account, with the address already typed', async ({ page }) => {
  const releaseTheApp = await holdTheApp(page);
  await page.goto('/auth', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await expect(page.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-busy', 'true');

  releaseTheApp();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your Dossier account' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Email')).toHaveValue('grace@example.com');
  await expect(page.getByLabel('Name')).toBeEmpty();
  // One card: the app's, in #root.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('#root')).toBeVisible();
});

test('on a phone the app takes the card over where it stands: nothing on the page moves', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const releaseTheApp = await holdTheApp(page);
  await page.goto('/auth', { waitUntil: 'commit' });
  const places = () =>
    page.evaluate(() =>
      ['h1', 'input[name="email"]', 'form button[type="submit"]', '.auth-links'].map((selector) => {
        const element = [...document.querySelectorAll(selector)].find((candidate) => (candidate as HTMLElement).offsetParent !== null);
        const box = element?.getBoundingClientRect();
        return box ? `${selector} ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}` : `${selector} missing`;
      }),
    );
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Dossier' })).toBeVisible();
  const before = await places();
  releaseTheApp();
  await expect(page.locator(CARD)).toHaveCount(0);
  await expect(page.locator('#root')).toBeVisible();
  // Neither frame offers a second "Sign in" on the sign-in page.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  expect(await places()).toEqual(before);
  await context.close();
});
