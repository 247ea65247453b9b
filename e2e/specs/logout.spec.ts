import { expect, test } from '@playwright/test';
import { signInFreshUser, sessionStorageKey } from '../support/signed-in-session';
import { nodeClient } from '../support/shell-auth';

test('signing out ends the session everywhere and reloads the landing page without the logout marker', async ({ page }) => {
  const user = await signInFreshUser(page, 'Leaving Lena');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Leaving Lena$/ })).toBeVisible();

  const loads: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && loads.push(frame.url()));
  await page.getByRole('button', { name: 'Sign out' }).click();

  // SPEC §4: reload of `/?logout`, and the landing page removes the marker from the address.
  await expect.poll(() => loads.some((url) => new URL(url).search === '?logout')).toBe(true);
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), sessionStorageKey(user.config.supabaseUrl))).toBeNull();

  // Global sign-out: the refresh token of that session no longer works anywhere.
  const supabase = await nodeClient(page);
  const { error } = await supabase.auth.refreshSession({ refresh_token: user.session.refresh_token });
  expect(error).not.toBeNull();

  // And the dashboard asks for sign-in again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard$/);
});
