import { expect, test } from '@playwright/test';
import { signInFreshUser } from '../support/signed-in-session';

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
