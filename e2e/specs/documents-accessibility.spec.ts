import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { file, makePdf } from '../fixtures/documents/make-files';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the library, an open document and /manage-tags have no serious accessibility violations, and the list works from the keyboard', async ({ page }) => {
  await signInThroughUi(page);
  await openLibrary(page);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('upload-input').setInputFiles([
    file('first.pdf', makePdf(['one']), 'application/pdf'),
    file('second.pdf', makePdf(['two']), 'application/pdf'),
  ]);
  await expect(page.getByTestId('library-count')).toHaveText('2 documents');
  expect(await seriousViolations(page)).toEqual([]);

  // Arrow keys move between documents; Enter opens one.
  const firstName = (await page.locator('[data-item-index="0"] .doc-open').textContent()) ?? '';
  const secondName = (await page.locator('[data-item-index="1"] .doc-open').textContent()) ?? '';
  await page.getByRole('button', { name: firstName, exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('button', { name: secondName, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Document details' }).getByRole('heading', { name: secondName })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Document details' })).toHaveCount(0);

  await page.goto('/manage-tags');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage tags' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('on a phone, a long upload list scrolls from the keyboard: focusable, named, no serious violations', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signInThroughUi(page);
  await openLibrary(page);
  const names = ['one', 'two', 'three', 'four', 'five', 'six'];
  await page.getByTestId('upload-input').setInputFiles(names.map((name) => file(`${name}.pdf`, makePdf([name]), 'application/pdf')));
  await expect(page.getByText('Uploaded 6 · Failed 0')).toBeVisible({ timeout: 60_000 });
  const list = page.getByRole('list', { name: 'Files in this upload' });
  // Finished rows are text only: the list itself is what a keyboard scrolls.
  expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await list.focus();
  await page.keyboard.press('End');
  await expect.poll(() => list.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
