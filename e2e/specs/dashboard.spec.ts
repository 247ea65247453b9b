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
