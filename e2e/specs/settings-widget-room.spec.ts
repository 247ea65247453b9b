import { expect, test, type Locator } from '@playwright/test';
import { readAppConfig, signInFreshUser } from '../support/signed-in-session';

// /settings draws the documents area's reminders widget ('documents.reminder-settings') between
// Notifications and Analysis. The area's code arrives after the page; while it is on its way the
// slot must already take the room the section will take, so nothing below it moves when it draws.
// A CI run clicked "French" in Analysis just as the section arrived and pushed it down (the click
// landed elsewhere and nothing was saved). The area's code is held until the page has settled, so
// the figures are positions, never times.

/**
 * How far below the widget's slot a section starts (its top minus the slot's): what the widget's
 * arrival can change. The account area's own sections above it may still settle on a busy machine
 * (a plan or sign-in detail arriving); that moves the slot and Analysis together, not this.
 */
async function below(slot: Locator, section: Locator): Promise<number> {
  const [top, sectionTop] = await Promise.all([slot.evaluate((element) => element.getBoundingClientRect().top), section.evaluate((element) => element.getBoundingClientRect().top)]);
  return sectionTop - top;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`/settings: the sections below the reminders widget stay where they are when the documents area arrives (${viewport.width}×${viewport.height})`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signInFreshUser(page, 'Stella Still');
    const { remotes } = await readAppConfig(page);
    const documentsOrigin = new URL(remotes.documents).origin;

    // Hold every file of the documents area (its manifest, remoteEntry.js and chunks) until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await page.route((url) => url.origin === documentsOrigin, async (route) => {
      held.push(route.request().url());
      await released;
      await route.continue().catch(() => undefined);
    });

    await page.goto('/settings');
    const analysis = page.getByRole('region', { name: 'Analysis', exact: true });
    await expect(analysis.getByRole('checkbox', { name: 'French' })).toBeVisible({ timeout: 30_000 });
    // The account area's own sections have settled; the widget is still waiting for its area.
    await expect(page.getByRole('button', { name: 'Save name' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sign-in security', exact: true })).toBeVisible();
    await expect.poll(() => held.length, { message: 'the documents area was asked for' }).toBeGreaterThan(0);
    await expect(page.getByRole('checkbox', { name: '90 days before' })).toHaveCount(0);
    const slot = page.getByRole('status', { name: 'Loading Expiry reminders' });
    await expect(slot).toHaveAttribute('aria-busy', 'true');
    await slot.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`settings-loading-${viewport.width}.png`) });
    const privacy = page.getByRole('region', { name: 'Privacy', exact: true });
    const before = { analysis: await below(slot, analysis), privacy: await below(slot, privacy) };

    release();
    await expect(page.getByRole('checkbox', { name: '90 days before' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Switch calendar feed on' })).toBeVisible();
    await expect(slot).toHaveCount(0);
    await page.getByRole('region', { name: 'Expiry reminders', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`settings-drawn-${viewport.width}.png`) });
    const reminders = page.getByRole('region', { name: 'Expiry reminders', exact: true });
    const after = { analysis: await below(reminders, analysis), privacy: await below(reminders, privacy) };

    testInfo.annotations.push({ type: 'shift', description: `Analysis ${before.analysis.toFixed(1)} → ${after.analysis.toFixed(1)} px below the widget's top, Privacy ${before.privacy.toFixed(1)} → ${after.privacy.toFixed(1)} px` });
    expect(Math.abs(after.analysis - before.analysis), `Analysis moved from ${before.analysis} to ${after.analysis} px below the widget's top`).toBeLessThan(4);
    expect(Math.abs(after.privacy - before.privacy), `Privacy moved from ${before.privacy} to ${after.privacy} px below the widget's top`).toBeLessThan(4);
  });
}
