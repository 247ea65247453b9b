import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';
import { repoRoot } from '../support/repo-root';

/**
 * The shell's built files that carry the overlays' Radix code (a dialog's focus guards), by
 * content: webpack names the chunk by what it shares with other pages' code, not by the overlays.
 */
function overlaysCode(): Set<string> {
  const dir = path.join(repoRoot(), 'dist', 'shell');
  const files = readdirSync(dir).filter((file) => file.endsWith('.js') && readFileSync(path.join(dir, file), 'utf8').includes('data-radix-focus-guard'));
  expect(files.length, 'the shell build has the overlays’ code in a file of its own').toBeGreaterThan(0);
  expect(files.some((file) => /^(main|react|dossier-shared)\./.test(file)), 'the overlays’ code is not in a file every page loads').toBe(false);
  return new Set(files);
}

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

    // Hold the overlays' Radix code (the shell's copy is the one used) until the tap.
    let release!: () => void;
    const tapped = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    const overlayFiles = overlaysCode();
    await page.route((url) => overlayFiles.has(path.basename(url.pathname)), async (route) => {
      held.push(route.request().url());
      await tapped;
      await route.continue();
    });

    await openLibrary(page);
    // On a phone the import sits in the "Add documents" panel (the library's own, not an overlay).
    if (viewport.width < 600) await page.getByRole('button', { name: 'Add documents' }).click();
    await page.getByRole('button', { name: 'Import from Google Drive' }).first().click();
    // The tap asks for the overlays' code if nothing had yet (the library may draw its first rows
    // before any control has): it is held, so the dialog cannot have opened yet.
    await expect.poll(() => held.length, { message: 'the overlays were on their way after the button was tapped' }).toBeGreaterThan(0);
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
