import { expect, test } from '@playwright/test';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';

// On a slow phone (or in a second tab on a busy machine) a person can tap a button before the
// design system's overlays have arrived (ADR 0455: they come on demand). The tap must not be lost:
// the dialog opens as soon as its code is here. The CI once clicked "Import from Google Drive" in
// a second tab in that window, and nothing opened.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`a tap on "Import from Google Drive" before the dialog’s code has arrived opens the dialog when it arrives (${viewport.width}×${viewport.height})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signInThroughUi(page);

    // Hold the overlays' chunk (every area builds its own copy; the shell's comes first) until the tap.
    let release!: () => void;
    const tapped = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await page.route(/\/overlays\.[0-9a-f]+\.js$/, async (route) => {
      held.push(route.request().url());
      await tapped;
      await route.continue();
    });

    await openLibrary(page);
    // On a phone the import sits in the "Add documents" panel (the library's own, not an overlay).
    if (viewport.width < 600) await page.getByRole('button', { name: 'Add documents' }).click();
    await page.getByRole('button', { name: 'Import from Google Drive' }).first().click();
    expect(held.length, 'the overlays were still on their way when the button was tapped').toBeGreaterThan(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    release();
    const dialog = page.getByRole('dialog', { name: 'Import from Google Drive' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Connect Google Drive' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`import-opened-after-code-${viewport.width}.png`) });
    // Escape closes it, as any dialog.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
}
