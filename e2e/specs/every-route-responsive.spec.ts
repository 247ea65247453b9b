import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LOADING_TEXT } from '@dossier/shared/core';
import { makePdf } from '../fixtures/documents/make-files';
import { asPerson, signInFreshUser, type SignedInUser } from '../support/signed-in-session';

/**
 * Issue #9 and issue 22 acceptance: every SPEC §2 route at a phone (390×844, touch) and a desktop
 * (1440×900) size, light and dark — no sideways scrolling; the page's primary action visible and
 * usable; no control covered by another element at its centre; no broken image; no emoji used as
 * an icon; the active tab marked; no tab label broken mid-word; axe-core without serious or
 * critical violations. Each look is saved as a screenshot attached to the test.
 */
type Primary = (page: Page) => Locator;
const heading: Primary = (page) => page.locator('main').getByRole('heading', { level: 1 }).first();

const SIGNED_IN_ROUTES: [path: string, primary: Primary][] = [
  ['/dashboard', (page) => page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name: 'All documents' })],
  // On a phone, upload and import sit behind the floating "Add documents" (issue 22).
  ['/documents', (page) => page.getByRole('button', { name: /^(Upload files|Add documents)$/ })],
  ['/manage-tags', (page) => page.getByRole('button', { name: 'Create tag' })],
  ['/portfolios', heading],
  ['/portfolios/00000000-0000-4000-8000-000000000001', heading],
  ['/settings', (page) => page.getByRole('button', { name: 'Save name' })],
  ['/privacy-settings', (page) => page.getByRole('button', { name: 'Save choices' })],
  ['/transfers', heading],
  ['/payment-success', heading],
  ['/share-handler', heading],
];

const PUBLIC_ROUTES: [path: string, primary: Primary][] = [
  ['/', (page) => page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })],
  ['/auth', (page) => page.locator('form').getByRole('button', { name: 'Sign in' })],
  ['/privacy', heading],
  ['/terms', heading],
  ['/link/3f9a1c', heading],
  ['/portfolio/7d2e4b', heading],
  ['/no/such/page', (page) => page.getByRole('link', { name: 'Go to the home page' })],
];

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false },
] as const;

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

async function settled(page: Page) {
  await expect(page.getByText(LOADING_TEXT, { exact: true })).toHaveCount(0, { timeout: 90_000 });
  await expect(heading(page)).toBeVisible({ timeout: 90_000 });
}

/**
 * Controls in view whose centre another element draws over (the frame's own header and tab bar
 * excepted: content passes under them when scrolled). Controls clipped by a scrolling box at
 * their centre are out of view, not covered.
 */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Fixed chrome the content scrolls under: header, tab bar, and the phone library's floating
    // "Add documents" (the list keeps room below its last row so every row scrolls clear of it).
    const CHROME = '.dossier-header, .dossier-nav, .upload-fab';
    const chrome = [...document.querySelectorAll(CHROME)].map((el) => el.getBoundingClientRect());
    const controls = document.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="combobox"], [role="switch"]');
    const found: string[] = [];
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2 || el.closest('[aria-hidden="true"], [inert]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility !== 'visible' || Number(style.opacity) === 0 || style.pointerEvents === 'none') continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      let clipped = false;
      for (let up = el.parentElement; up && !clipped; up = up.parentElement) {
        if (getComputedStyle(up).overflow === 'visible') continue;
        const clip = up.getBoundingClientRect();
        clipped = x < clip.left || x > clip.right || y < clip.top || y > clip.bottom;
      }
      if (clipped) continue;
      const inChrome = el.closest(CHROME);
      // Within a pixel counts too: a centre half a pixel above the tab bar (y 778.5, bar from 779)
      // is hit-tested as the bar's, content scrolling under it as any other.
      if (!inChrome && chrome.some((r) => x >= r.left - 1 && x <= r.right + 1 && y >= r.top - 1 && y <= r.bottom + 1)) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === el || el.contains(hit) || hit.contains(el)) continue;
      if (hit.closest('label') && [...((el as HTMLInputElement).labels ?? [])].includes(hit.closest('label')!)) continue;
      found.push(`${el.outerHTML.slice(0, 90)} under ${hit.outerHTML.slice(0, 90)}`);
    }
    return found;
  });
}

/** Images that failed to load (a broken-image icon): loaded, with no picture. */
async function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.images].filter((img) => img.complete && img.naturalWidth === 0 && img.getAttribute('src')).map((img) => img.src.slice(0, 120)));
}

/** Emoji drawn as icons (they show as empty boxes without an emoji font): emoji-presentation characters in the page's text. */
async function emojiIcons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const emoji = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/u;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (emoji.test(node.textContent ?? '') && node.parentElement?.checkVisibility()) found.push(`${node.parentElement.outerHTML.slice(0, 90)}`);
    }
    return found;
  });
}

/** Words of a tab's label split across two lines ("Incomi/ng" at 390): each word's text must sit on one line. */
async function wordsBrokenIn(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const broken: string[] = [];
    for (const tab of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(tab, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (!node.parentElement?.checkVisibility() || node.parentElement.closest('.ds-visually-hidden')) continue;
        for (const word of node.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(word[0]);
        }
      }
    }
    return broken;
  }, selector);
}

/** The tab of the current page is marked aria-current="page", and looks different from the others. */
async function activeTabMarked(page: Page, path: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if ((await nav.count()) === 0) return;
  const links = nav.getByRole('link');
  const hrefs = await links.evaluateAll((els) => els.map((el) => new URL((el as HTMLAnchorElement).href).pathname));
  const owner = hrefs.find((href) => path === href || path.startsWith(`${href}/`));
  const current = nav.locator('[aria-current="page"]');
  if (!owner) {
    await expect(current, `${path}: no tab claims a page it is not`).toHaveCount(0);
    return;
  }
  await expect(current, `${path}: the active tab is marked`).toHaveCount(1);
  await expect(current).toHaveAttribute('href', owner);
  const looks = await links.evaluateAll((els) => els.map((el) => `${getComputedStyle(el).color}|${getComputedStyle(el).backgroundColor}|${getComputedStyle(el).fontWeight}`));
  const active = looks[hrefs.indexOf(owner)];
  expect(looks.filter((look) => look === active), `${path}: the active tab looks like no other`).toHaveLength(1);
}

async function checkPage(page: Page, path: string, primary: Primary, size: string) {
  await page.goto(path);
  await settled(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(() => window.scrollTo(0, 0));
    const shot = test.info().outputPath(`${size}-${colorScheme}${path.replace(/\//g, '_') || '_'}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    await test.info().attach(`${path} ${size} ${colorScheme}`, { path: shot, contentType: 'image/png' });
    const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.document, `${path} (${colorScheme}) is wider than the screen`).toBeLessThanOrEqual(widths.viewport);
    expect(await coveredControls(page), `${path} (${colorScheme}): covered controls`).toEqual([]);
    await expect.poll(() => brokenImages(page), { message: `${path}: broken images` }).toEqual([]);
    expect(await emojiIcons(page), `${path}: emoji as icons`).toEqual([]);
    await activeTabMarked(page, path);
    expect(await wordsBrokenIn(page, '[role="tab"]'), `${path}: tab labels broken mid-word`).toEqual([]);
    const action = primary(page);
    await expect(action, `${path}: primary action`).toBeVisible();
    await action.scrollIntoViewIfNeeded();
    await expect(action).toBeInViewport();
    await expect(action).toBeEnabled();
    expect(await seriousViolations(page), `${path} (${colorScheme})`).toEqual([]);
  }
}

/** Twenty documents with categories, near and far expiries and tags: a library as it is used. */
async function seedLibrary(user: SignedInUser) {
  const api = asPerson(user);
  const userId = user.session.user.id;
  const { data: categories } = await api.from('user_document_categories').select('id,name').limit(3);
  const tag = (await api.from('tags').insert({ name: 'Household', color: '#2563eb' }).select('id').single()).data;
  const bytes = makePdf(['A document of the library']);
  const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  for (let i = 1; i <= 20; i++) {
    const id = randomUUID();
    const name = `library-document-${String(i).padStart(2, '0')}.pdf`;
    const path = `${userId}/${id}/${name}`;
    expect((await api.storage.from('documents').upload(path, new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), { contentType: 'application/pdf' })).error).toBeNull();
    const row = { id, name, storage_path: path, mime_type: 'application/pdf', size: bytes.length, category_id: categories?.[i % 3]?.id ?? null, expires_on: i % 2 ? soon : '2031-05-01' };
    expect((await api.from('documents').insert(row)).error).toBeNull();
    if (tag && i % 3 === 0) expect((await api.from('document_tags').insert({ document_id: id, tag_id: tag.id })).error).toBeNull();
  }
}

for (const size of SIZES) {
  test.describe(`every route at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch, isMobile: size.isMobile });

    test('signed-in pages', async ({ page }) => {
      test.setTimeout(10 * 60_000);
      const user = await signInFreshUser(page, 'Responsive Rae');
      await seedLibrary(user);
      // The install hint is looked at on its own (install-prompt.spec.ts); here it would come and go mid-walk.
      await page.addInitScript(() => window.localStorage.setItem('dossier-install-prompt-dismissed-at', String(Date.now())));
      for (const [path, primary] of SIGNED_IN_ROUTES) await checkPage(page, path, primary, size.name);
    });

    test('public pages', async ({ page }) => {
      test.setTimeout(6 * 60_000);
      await page.addInitScript(() => window.localStorage.setItem('dossier-install-prompt-dismissed-at', String(Date.now())));
      for (const [path, primary] of PUBLIC_ROUTES) await checkPage(page, path, primary, size.name);
    });

    test('/documents with 20 documents: the list comes first, each row with its category, expiry and tags', async ({ page }) => {
      test.setTimeout(4 * 60_000);
      const user = await signInFreshUser(page, 'Library Lou');
      await seedLibrary(user);
      await page.goto('/documents');
      await expect(page.getByTestId('library-count')).toHaveText('20 documents', { timeout: 90_000 });
      const first = page.getByTestId('document-item').first();
      const box = (await first.boundingBox())!;
      expect(box.y, 'the first row starts inside the first screen').toBeLessThan(size.viewport.height - box.height);
      // Category, the expiry in its warning colour, and the tag: whole, not cut mid-word.
      const near = page.getByTestId('document-item').filter({ hasText: 'library-document-15.pdf' });
      await expect(near.locator('.ds-badge')).toContainText(/^Expires /);
      await expect(near.locator('.tag-chip')).toHaveText('Household');
      const cut = await page.getByTestId('document-item').evaluateAll((rows) =>
        rows.flatMap((row) => [...row.querySelectorAll<HTMLElement>('.doc-meta > *, .tag-chip')].filter((el) => {
          const box = el.getBoundingClientRect();
          const line = el.parentElement!.getBoundingClientRect();
          // Shown (on the first line) but wider than its box: cut.
          return box.top < line.bottom - 1 && el.scrollWidth > el.clientWidth + 1 && !el.classList.contains('doc-category');
        }).map((el) => el.textContent)),
      );
      expect(cut).toEqual([]);
      const shot = test.info().outputPath(`${size.name}-documents-20.png`);
      await page.screenshot({ path: shot });
      await test.info().attach(`documents with 20 at ${size.name}`, { path: shot, contentType: 'image/png' });
    });

    test('the Categories tab: every category with its count, Rename and Delete, no word broken across lines', async ({ page }) => {
      test.setTimeout(2 * 60_000);
      await signInFreshUser(page, 'Category Cleo');
      await page.goto('/documents');
      await page.getByRole('button', { name: 'Categories', exact: true }).click();
      const manager = page.getByRole('region', { name: 'Categories' });
      // Names of the length people give them: two words, and one long word.
      for (const name of ['Estate Planning', 'Business Records', 'Superannuation']) {
        await manager.getByLabel('New category name').fill(name);
        await manager.getByRole('button', { name: 'Add category' }).click();
        await expect(manager.getByRole('button', { name: `Rename ${name}` })).toBeVisible();
      }
      expect(await wordsBrokenIn(page, '.category-manager button'), 'category buttons broken mid-word').toEqual([]);
      const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
      expect(widths.document, 'the Categories tab is wider than the screen').toBeLessThanOrEqual(widths.viewport);
      const shot = test.info().outputPath(`${size.name}-categories.png`);
      await manager.screenshot({ path: shot });
      await test.info().attach(`the Categories tab at ${size.name}`, { path: shot, contentType: 'image/png' });
    });
  });
}
