import { expect, test } from '@playwright/test';
import { readAppConfig, signInFreshUser } from '../support/signed-in-session';

test('the dashboard shows every area widget, each with its own empty state for a new person', async ({ page }) => {
  await signInFreshUser(page, 'New Nora');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, New Nora$/ })).toBeVisible();
  for (const name of ['documents.category-counts', 'documents.recent', 'documents.expiring-soon', 'portfolios.summary']) {
    const card = page.locator(`[data-widget="${name}"]`);
    await expect(card).toBeVisible();
    // Settled: neither loading nor empty.
    await expect(card.getByText('Loading...')).toHaveCount(0);
    await expect(card).not.toHaveText('');
  }
  // The portfolios area offers its own summary: a new person is shown how to start, not an error.
  await expect(page.locator('[data-widget="portfolios.summary"]')).toContainText('No portfolios yet');
  await expect(page.getByRole('link', { name: 'All documents' })).toHaveAttribute('href', '/documents');
});

test('every dashboard card has the same frame: one level-2 title of one size, Google Drive and Your plan included', async ({ page }) => {
  await signInFreshUser(page, 'Uma Uniform');
  await page.goto('/dashboard');
  const drive = page.locator('[data-widget="drive.connection-card"]');
  const plan = page.locator('[data-widget="account.plan-badge"]');
  await expect(drive.getByRole('button', { name: 'Connect Google Drive' })).toBeVisible();
  await expect(plan.getByText('Free plan')).toBeVisible();
  await expect(plan.getByRole('progressbar', { name: 'Documents' })).toHaveAttribute('aria-valuetext', '0 of 100');
  const cards = page.locator('.dashboard-card');
  await expect(cards).toHaveCount(6);
  const titles = await cards.evaluateAll((nodes) =>
    nodes.map((card) => {
      const headings = card.querySelectorAll('h2');
      const title = headings[0] as HTMLElement | undefined;
      return { count: headings.length, className: title?.className, size: title ? getComputedStyle(title).fontSize : null };
    }),
  );
  for (const title of titles) expect(title).toEqual({ count: 1, className: 'widget-title', size: titles[0].size });
  await expect(drive.getByRole('heading', { level: 2, name: 'Google Drive' })).toBeVisible();
  await expect(plan.getByRole('heading', { level: 2, name: 'Your plan' })).toBeVisible();
});

// The cards arrive with four areas' code, after the page. On a phone they stand one above the
// other, so a card that drew taller than its loading state pushed every card below it down (and
// the two notices above the grid, a line of "Loading..." each, then nothing, pulled it up by 48 px).
// Each loading state keeps its widget's room (WIDGET_ROOM); the areas are held until the page has
// drawn, so the figures are positions, never times.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`the cards stay where they are when their areas arrive (${viewport.width}×${viewport.height})`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signInFreshUser(page, 'Carla Cards');
    const { remotes } = await readAppConfig(page);
    const areas = new Set([remotes.documents, remotes.portfolios, remotes.driveImport, remotes.account].map((url) => new URL(url).origin));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => areas.has(url.origin), async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
    const CARDS = ['documents.category-counts', 'documents.recent', 'documents.expiring-soon', 'portfolios.summary', 'drive.connection-card', 'account.plan-badge'];
    // Each card's top, below the page's own heading (which the areas cannot move).
    const tops = () =>
      page.evaluate((names) => {
        const origin = document.querySelector('h1')!.getBoundingClientRect().top;
        return names.map((name) => document.querySelector(`[data-widget="${name}"]`)!.getBoundingClientRect().top - origin);
      }, CARDS);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /Carla Cards/ })).toBeVisible();
    for (const name of CARDS) await expect(page.locator(`[data-widget="${name}"]`).locator('[aria-busy="true"]')).toHaveCount(1);
    const before = await tops();
    await page.screenshot({ path: testInfo.outputPath(`dashboard-loading-${viewport.width}.png`), fullPage: true });

    release();
    for (const name of CARDS) await expect(page.locator(`[data-widget="${name}"]`).getByText('Loading...')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('[data-widget="portfolios.summary"]')).toContainText('No portfolios yet');
    const after = await tops();
    await page.screenshot({ path: testInfo.outputPath(`dashboard-drawn-${viewport.width}.png`), fullPage: true });
    CARDS.forEach((name, i) => expect(Math.abs(after[i] - before[i]), `${name} moved from ${before[i]} to ${after[i]}`).toBeLessThan(4));
  });
}
