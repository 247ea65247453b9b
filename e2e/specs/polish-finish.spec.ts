import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { makePdf } from '../fixtures/documents/make-files';
import { asPerson, signInFreshUser, type SignedInUser } from '../support/signed-in-session';
import { LOCAL_SERVICE_ROLE_KEY } from '../support/shell-auth';

/**
 * Issue 22's last points as a person meets them, at 390×844 (touch) and 1440×900, light and dark:
 * a portfolio deleted from its menu goes at once with *Undo* (no browser confirm) and stays when
 * undone; tag chips with their round ×; the calendar-feed buttons apart; a shared portfolio with
 * thumbnails under the owner's name for the link; the component gallery. Every look is attached.
 */
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false },
] as const;

/** Screenshots in light and dark: the whole page, or the screen around `focus` on a long page. */
async function look(page: Page, name: string, focus?: Locator) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    if (focus) await focus.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const shot = test.info().outputPath(`${name}-${colorScheme}.png`);
    await page.screenshot({ path: shot, fullPage: !focus });
    await test.info().attach(`${name} ${colorScheme}`, { path: shot, contentType: 'image/png' });
    const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.document, `${name} (${colorScheme}) is wider than the screen`).toBeLessThanOrEqual(widths.viewport);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function upload(user: SignedInUser, name: string, bytes: Buffer, mimeType: string, extra: Record<string, unknown> = {}) {
  const api = asPerson(user);
  const id = randomUUID();
  const path = `${user.session.user.id}/${id}/${name}`;
  expect((await api.storage.from('documents').upload(path, new Blob([new Uint8Array(bytes)], { type: mimeType }), { contentType: mimeType })).error).toBeNull();
  expect((await api.from('documents').insert({ id, name, storage_path: path, mime_type: mimeType, size: bytes.length, ...extra })).error).toBeNull();
  return { id, path };
}

for (const size of SIZES) {
  test.describe(`issue 22's last points at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch, isMobile: size.isMobile });

    test('portfolio delete with undo, tag chips, feed buttons, the shared portfolio and the gallery', async ({ page }) => {
      test.setTimeout(8 * 60_000);
      const user = await signInFreshUser(page, 'Polish Pat');
      await page.addInitScript(() => window.localStorage.setItem('dossier-install-prompt-dismissed-at', String(Date.now())));
      const api = asPerson(user);
      // A picture Storage's renderer can read (makePng's 2×2 is too broken for it).
      const png = await sharp({ create: { width: 240, height: 320, channels: 3, background: { r: 220, g: 232, b: 250 } } }).png().toBuffer();
      const folio = (await api.from('portfolios').insert({ name: 'Visa' }).select('id').single()).data!;
      await api.from('portfolios').insert({ name: 'House purchase' });
      const tag = (await api.from('tags').insert({ name: 'Household', color: '#16a34a' }).select('id').single()).data!;
      const pdf = await upload(user, 'passport.pdf', makePdf(['Passport']), 'application/pdf', { portfolio_id: folio.id });
      await api.storage.from('documents').upload(`${user.session.user.id}/${pdf.id}/.thumbs/first-page.png`, new Blob([new Uint8Array(png)], { type: 'image/png' }), { contentType: 'image/png' });
      await upload(user, 'photo.png', png, 'image/png', { portfolio_id: folio.id });
      await api.from('document_tags').insert({ document_id: pdf.id, tag_id: tag.id });
      await api.rpc('calendar_feed', { enabled: true });
      const link = await api.rpc('create_share_link', { portfolio_id: folio.id, label: 'For the embassy' });
      const token = (link.data as Array<{ token: string }>)[0].token;

      // Delete from the card's menu: no browser confirm; the card goes, the toast offers Undo.
      page.on('dialog', () => {
        throw new Error('a browser dialog opened');
      });
      await page.goto('/portfolios');
      const card = page.getByTestId('portfolio-card').filter({ hasText: 'House purchase' });
      await card.getByRole('button', { name: 'More actions for House purchase' }).click();
      await page.getByRole('menuitem', { name: 'Delete portfolio' }).click();
      await expect(card).toHaveCount(0);
      const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: 'Deleted “House purchase”' });
      await expect(toast).toBeVisible();
      await look(page, `${size.name}-portfolios-undo`);
      await toast.getByRole('button', { name: 'Undo' }).click();
      await expect(card).toHaveCount(1);
      await page.reload();
      await expect(page.getByTestId('portfolio-card').filter({ hasText: 'House purchase' })).toHaveCount(1);

      // Tag chips in the library and in the document's details.
      await page.goto('/documents');
      await page.getByRole('button', { name: 'passport.pdf', exact: true }).click();
      const details = page.getByRole('dialog', { name: 'Document details' });
      await expect(details.getByRole('button', { name: 'Remove tag Household' })).toBeVisible();
      await look(page, `${size.name}-document-tags`, details.getByRole('list', { name: 'Tags' }));
      await details.getByRole('button', { name: 'Close document' }).click();

      // The calendar feed's buttons in Settings.
      await page.goto('/settings');
      const feed = page.getByRole('group', { name: 'Calendar feed actions' });
      await feed.scrollIntoViewIfNeeded();
      const boxes = await feed.locator(':scope > *').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
      for (let i = 1; i < boxes.length; i++) {
        const [a, b] = [boxes[i - 1], boxes[i]];
        const apart = b.top >= a.bottom || a.top >= b.bottom || b.left >= a.right + 4 || a.left >= b.right + 4;
        expect(apart, `feed buttons ${i - 1} and ${i} touch`).toBe(true);
      }
      await look(page, `${size.name}-settings-feed`, feed);

      // The shared portfolio as a visitor sees it.
      const visitor = await page.context().browser()!.newContext({ viewport: size.viewport, hasTouch: size.hasTouch, isMobile: size.isMobile });
      const guest = await visitor.newPage();
      await guest.goto(`/portfolio/${token}`);
      await expect(guest.getByRole('heading', { level: 1, name: 'For the embassy' })).toBeVisible();
      const thumbs = guest.getByRole('list', { name: 'Shared documents' }).locator('img');
      await expect(thumbs).toHaveCount(2);
      await expect.poll(() => thumbs.evaluateAll((imgs) => (imgs as HTMLImageElement[]).every((img) => img.complete && img.naturalWidth > 0))).toBe(true);
      // A document's name is a link-like button, not a box that looks like a text field.
      const name = guest.getByRole('button', { name: 'passport.pdf', exact: true });
      const nameStyle = await name.evaluate((el) => {
        const css = getComputedStyle(el);
        return { border: css.borderTopWidth, background: css.backgroundColor };
      });
      expect(nameStyle).toEqual({ border: '0px', background: 'rgba(0, 0, 0, 0)' });
      await look(guest, `${size.name}-shared-portfolio`);
      await visitor.close();

      // The component gallery (staff only).
      const admin = createClient(user.config.supabaseUrl, LOCAL_SERVICE_ROLE_KEY, { auth: { persistSession: false } });
      expect((await admin.auth.admin.updateUserById(user.session.user.id, { app_metadata: { dossier_staff: true } })).error).toBeNull();
      await page.goto('/design-system');
      await expect(page.getByRole('heading', { level: 2, name: 'Chips and button groups' })).toBeVisible({ timeout: 60_000 });
      await look(page, `${size.name}-gallery`, page.getByRole('heading', { level: 2, name: 'Chips and button groups' }));
    });
  });
}
