import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('legal pages (SPEC §2, §5, §9)', () => {
  test('/privacy states the privacy facts to any visitor', async ({ page }) => {
    await page.goto('/privacy');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(main).toContainText('We answer privacy requests within 30 days.');
    await expect(main).toContainText('your account data and documents are deleted within 30 days');
    await expect(main).toContainText('Usage data is kept for about 2 years');
    await expect(main).toContainText('Dossier is not meant for children under 13');
    await expect(main).toContainText('If you are under 18, you may use Dossier only with the permission of a parent or legal guardian.');
    await expect(page).toHaveTitle(/Privacy Policy/);
    expect(await seriousViolations(page)).toEqual([]);
    await main.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
  });

  test('/terms states the age rules and the liability cap', async ({ page }) => {
    await page.goto('/terms');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(main).toContainText('You must be at least 13 years old to use Dossier.');
    await expect(main).toContainText('If you are under 18, you may use it only with the permission of a parent or legal guardian');
    await expect(main).toContainText('limited to the fees you paid us in the 12 months before the claim');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/privacy-settings needs a signed-in user', async ({ page }) => {
    await page.goto('/privacy-settings');
    await expect(page).toHaveURL(/\/auth/);
  });
});
