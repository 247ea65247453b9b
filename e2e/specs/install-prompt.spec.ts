import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { INSTALL_PROMPT, INSTALL_TEXTS } from '@dossier/shared/core';

const INSTALL_DISMISSED_KEY = 'dossier-install-prompt-dismissed-at';

/** Chromium fires beforeinstallprompt only for an installable, engaged site; the test fires it. */
async function dispatchInstallEvent(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted') {
  return page.evaluate((choice) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: async () => {
        (window as unknown as { promptCalls: number }).promptCalls = ((window as unknown as { promptCalls?: number }).promptCalls ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: choice, platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

const installPrompt = (page: Page) => page.getByRole('complementary', { name: 'Install Dossier' });
const manualHint = (page: Page) => page.getByRole('complementary', { name: INSTALL_TEXTS.manualHintTitle });

test.describe('install prompt (SPEC §4)', () => {
  test('offers the install on the browser event and hands over to the browser', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    expect(await dispatchInstallEvent(page)).toBe(true);
    await expect(installPrompt(page)).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await installPrompt(page).getByRole('button', { name: 'Install' }).click();
    await expect(installPrompt(page)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { promptCalls?: number }).promptCalls)).toBe(1);
  });

  test("shows the manual 'How to Install' hint after 10 s without the event", async ({ page }) => {
    await page.clock.install();
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    // Stop the clock, then move it relative to the page's start: the hint's 10 s count from
    // when the app mounted, somewhat after navigation start however slow the machine is.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    const sinceStart = await page.evaluate(() => performance.now());
    await page.clock.fastForward(Math.max(0, INSTALL_PROMPT.manualHintAfterMs - sinceStart - 500));
    await expect(manualHint(page)).toHaveCount(0);
    await page.clock.fastForward(sinceStart + 1_000);
    await expect(manualHint(page)).toBeVisible();
    await expect(manualHint(page).getByRole('listitem').first()).toBeVisible();
  });

  test('a dismissal is remembered for 24 hours', async ({ page }) => {
    await page.clock.install();
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await dispatchInstallEvent(page);
    await installPrompt(page).getByRole('button', { name: 'Not now' }).click();
    await expect(installPrompt(page)).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), INSTALL_DISMISSED_KEY)).not.toBeNull();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await dispatchInstallEvent(page);
    await page.clock.fastForward(INSTALL_PROMPT.manualHintAfterMs);
    await expect(installPrompt(page)).toHaveCount(0);
    await expect(manualHint(page)).toHaveCount(0);

    // A day later the offer comes back.
    await page.clock.fastForward(INSTALL_PROMPT.dismissalMs);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await dispatchInstallEvent(page);
    await expect(installPrompt(page)).toBeVisible();
  });

  test('nothing is offered when Dossier already runs installed', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }));
    await page.clock.install();
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await dispatchInstallEvent(page);
    await page.clock.fastForward(INSTALL_PROMPT.manualHintAfterMs);
    await expect(installPrompt(page)).toHaveCount(0);
    await expect(manualHint(page)).toHaveCount(0);
  });
});
