import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LOADING_TEXT } from '@dossier/shared/core';
import { signInFreshUser } from '../support/signed-in-session';

/**
 * Issue #9 acceptance: every SPEC §2 route at a phone (390×844) and a desktop (1440×900) size —
 * no sideways scrolling, the page's primary action visible and usable, and axe-core without
 * serious or critical violations in the light and the dark theme.
 */
type Primary = (page: Page) => Locator;
const heading: Primary = (page) => page.locator('main').getByRole('heading', { level: 1 }).first();

const SIGNED_IN_ROUTES: [path: string, primary: Primary][] = [
  ['/dashboard', (page) => page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name: 'All documents' })],
  ['/documents', (page) => page.getByRole('button', { name: 'Upload files' })],
  ['/manage-tags', (page) => page.getByRole('button', { name: 'Create tag' })],
  ['/portfolios', heading],
  ['/portfolios/00000000-0000-4000-8000-000000000001', heading],
  ['/settings', (page) => page.getByRole('button', { name: 'Save name' })],
  ['/privacy-settings', (page) => page.getByRole('button', { name: 'Save choices' })],
  ['/transfers', heading],
  ['/payment-success', heading],
  ['/share-handler', heading],
];

const PUBLIC_ROUTES: [path: string, primary: Primary][] = [
  ['/', (page) => page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })],
  ['/auth', (page) => page.locator('form').getByRole('button', { name: 'Sign in' })],
  ['/privacy', heading],
  ['/terms', heading],
  ['/link/3f9a1c', heading],
  ['/portfolio/7d2e4b', heading],
  ['/no/such/page', (page) => page.getByRole('link', { name: 'Go to the home page' })],
];

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false },
] as const;

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

async function settled(page: Page) {
  await expect(page.getByText(LOADING_TEXT, { exact: true })).toHaveCount(0, { timeout: 30_000 });
  await expect(heading(page)).toBeVisible({ timeout: 30_000 });
}

async function checkPage(page: Page, path: string, primary: Primary) {
  await page.goto(path);
  await settled(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.document, `${path} (${colorScheme}) is wider than the screen`).toBeLessThanOrEqual(widths.viewport);
    const action = primary(page);
    await expect(action, `${path}: primary action`).toBeVisible();
    await action.scrollIntoViewIfNeeded();
    await expect(action).toBeInViewport();
    await expect(action).toBeEnabled();
    expect(await seriousViolations(page), `${path} (${colorScheme})`).toEqual([]);
  }
}

for (const size of SIZES) {
  test.describe(`every route at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch, isMobile: size.isMobile });

    test('signed-in pages', async ({ page }) => {
      test.setTimeout(5 * 60_000);
      await signInFreshUser(page, 'Responsive Rae');
      for (const [path, primary] of SIGNED_IN_ROUTES) await checkPage(page, path, primary);
    });

    test('public pages', async ({ page }) => {
      test.setTimeout(4 * 60_000);
      for (const [path, primary] of PUBLIC_ROUTES) await checkPage(page, path, primary);
    });
  });
}
