import { expect, test, type Page } from '@playwright/test';
import { FIRST_ROW, seedDocumentRows } from '../support/load-figures';
import { setPlan } from '../support/shell-auth';
import { signInFreshUser } from '../support/signed-in-session';

/**
 * ADR 0496: a library of up to 40 rows has every row in the DOM and never fetches the windowing
 * code (@tanstack/react-virtual, its own chunk); a longer one is windowed once that code is in,
 * and every document stays reachable — by scrolling (the next page of 100 loads near the end)
 * and by keyboard.
 */
const WINDOWING_CHUNK = /library-virtual-rows\.[0-9a-f]+\.js$/;

function watchWindowingCode(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (WINDOWING_CHUNK.test(new URL(request.url()).pathname)) fetched.push(request.url());
  });
  return fetched;
}

const focusedIndex = (page: Page) => page.evaluate(() => document.activeElement?.closest('[data-item-index]')?.getAttribute('data-item-index') ?? null);

test('24 documents: every row is drawn and the windowing code is never fetched', async ({ page }) => {
  const user = await signInFreshUser(page, 'Short Library');
  await seedDocumentRows(user, 24);
  const windowing = watchWindowingCode(page);
  await page.goto('/documents');
  await expect(page.getByTestId('library-count')).toHaveText('24 documents');
  await expect(page.locator(FIRST_ROW)).toHaveCount(24);
  // Arrow keys still move between documents.
  await page.locator('.doc-open').first().focus();
  await page.keyboard.press('ArrowDown');
  expect(await focusedIndex(page)).toBe('1');
  await page.keyboard.press('Control+End');
  await expect.poll(() => focusedIndex(page)).toBe('23');
  await expect(page.locator('[data-item-index="23"] .doc-open')).toBeInViewport();
  expect(windowing).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('130 documents: windowed, the second page loads near the end, Ctrl+End and Ctrl+Home reach both ends', async ({ page }) => {
    test.setTimeout(120_000);
    const user = await signInFreshUser(page, 'Long Library');
    await setPlan(page, user.session.user.id, 'plus'); // the Free plan holds 100 documents: one page
    await seedDocumentRows(user, 130);
    const windowing = watchWindowingCode(page);
    await page.goto('/documents');
    await expect(page.getByTestId('library-count')).toHaveText('130 documents');
    // The first page is 100 documents: once the windowing code is in, only the rows near the view are drawn.
    await expect.poll(() => page.locator(FIRST_ROW).count(), { timeout: 30_000 }).toBeLessThan(40);
    expect(windowing).toHaveLength(1);

    // To the end by keyboard: the last loaded document, then (its page asked for near the end) the very last.
    await page.locator('.doc-open').first().focus();
    await page.keyboard.press('Control+End');
    await expect.poll(() => focusedIndex(page)).toBe('99');
    await expect.poll(async () => (await page.keyboard.press('Control+End'), focusedIndex(page)), { timeout: 30_000 }).toBe('129');
    await expect(page.locator('[data-item-index="129"] .doc-open')).toBeInViewport();
    expect(await page.locator(FIRST_ROW).count()).toBeLessThan(40);

    await page.keyboard.press('Control+Home');
    await expect.poll(() => focusedIndex(page)).toBe('0');
    await expect(page.locator('[data-item-index="0"] .doc-open')).toBeInViewport();
  });
});
