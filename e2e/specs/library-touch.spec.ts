import { randomUUID } from 'node:crypto';
import { expect, test, type CDPSession, type Locator, type Page } from '@playwright/test';
import { file, makePdf } from '../fixtures/documents/make-files';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';
import { asPerson } from '../support/signed-in-session';

// Issue #9 §2 "Touch": on a phone, swiping a library row left reveals Share and Delete (Delete moves
// it to the trash with the toast's Undo), and pulling the library down at its top refetches it.
// Every gesture here is real touch input (CDP Input.dispatchTouchEvent), as a finger makes it.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

async function drag(cdp: CDPSession, from: { x: number; y: number }, to: { x: number; y: number }, steps = 10) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let step = 1; step <= steps; step += 1) {
    const x = from.x + ((to.x - from.x) * step) / steps;
    const y = from.y + ((to.y - from.y) * step) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  // The finger rests before it lifts (no fling left running to swallow the next tap).
  for (let rest = 0; rest < 3; rest += 1) {
    await new Promise((resolve) => setTimeout(resolve, 60));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: to.x, y: to.y }] });
  }
}
const lift = (cdp: CDPSession) => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

/** A finger's tap at the middle of what `locator` shows now (no scrolling first). */
async function tapOn(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

const row = (page: Page, name: string) => page.getByTestId('document-item').filter({ has: page.getByRole('button', { name, exact: true }) });

test('swipe a row for Delete (with Undo) and Share; pull the library down to refresh it', async ({ page }, testInfo) => {
  test.setTimeout(3 * 60_000);
  const user = await signInThroughUi(page);
  await openLibrary(page);
  await page.getByTestId('upload-input').setInputFiles([
    file('gas-bill.pdf', makePdf(['Gas bill March']), 'application/pdf'),
    file('car-insurance.pdf', makePdf(['Car insurance 2026']), 'application/pdf'),
  ]);
  await expect(page.getByTestId('library-count')).toHaveText('2 documents', { timeout: 30_000 });
  const cdp = await page.context().newCDPSession(page);

  // Swipe "gas-bill.pdf" left: Share and Delete appear beside it.
  const gas = row(page, 'gas-bill.pdf');
  // The list fills the screen below the controls: bring it up, as a person scrolls to it.
  await page.locator('.doc-scroller').evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const box = (await gas.boundingBox())!;
  const y = box.y + box.height / 2;
  await drag(cdp, { x: box.x + box.width - 30, y }, { x: box.x + box.width - 260, y });
  await lift(cdp);
  await expect(gas.getByTestId('row-actions')).toBeVisible();
  for (const name of ['Share gas-bill.pdf', 'Move gas-bill.pdf to the trash']) {
    const action = (await gas.getByRole('button', { name }).boundingBox())!;
    expect(action.width).toBeGreaterThanOrEqual(44);
    expect(action.height).toBeGreaterThanOrEqual(44);
  }
  await page.screenshot({ path: testInfo.outputPath('library-swipe-390.png') });
  // A tap on the open row closes it instead of opening the document.
  await page.touchscreen.tap(box.x + 60, y);
  await expect(gas.getByTestId('row-actions')).toHaveCount(0);
  await expect(page).not.toHaveURL(/doc=/);

  // Share: the share dialog for that document. (A new gesture, past the double-tap window.)
  await page.waitForTimeout(500);
  await drag(cdp, { x: box.x + box.width - 30, y }, { x: box.x + box.width - 260, y });
  await lift(cdp);
  await tapOn(page, gas.getByRole('button', { name: 'Share gas-bill.pdf' }));
  const share = page.getByRole('dialog');
  await expect(share).toContainText('gas-bill.pdf');
  await page.keyboard.press('Escape');
  await expect(share).toHaveCount(0);

  // Delete: to the trash, with Undo on the toast.
  await page.waitForTimeout(500);
  await drag(cdp, { x: box.x + box.width - 30, y }, { x: box.x + box.width - 260, y });
  await lift(cdp);
  await tapOn(page, gas.getByRole('button', { name: 'Move gas-bill.pdf to the trash' }));
  const toast = page.getByText('Moved 1 document to the trash');
  await expect(toast).toBeVisible();
  await expect(page.getByTestId('library-count')).toHaveText('1 document');
  await expect(row(page, 'gas-bill.pdf')).toHaveCount(0);
  await tapOn(page, page.getByRole('button', { name: 'Undo' }));
  await expect(page.getByTestId('library-count')).toHaveText('2 documents');
  await expect(row(page, 'gas-bill.pdf')).toBeVisible();

  // A document added elsewhere (here: by the API) appears after a pull at the top of the list.
  const api = asPerson(user);
  const id = randomUUID();
  const path = `${user.session.user.id}/${id}/added-elsewhere.pdf`;
  const bytes = makePdf(['Added on another device']);
  expect((await api.storage.from('documents').upload(path, new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), { contentType: 'application/pdf' })).error).toBeNull();
  expect((await api.from('documents').insert({ id, name: 'added-elsewhere.pdf', storage_path: path, mime_type: 'application/pdf', size: bytes.length })).error).toBeNull();
  await expect(page.getByTestId('library-count')).toHaveText('2 documents');

  await page.locator('.doc-scroller').evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const list = (await page.locator('.doc-scroller').boundingBox())!;
  const x = list.x + list.width / 2;
  await drag(cdp, { x, y: list.y + 20 }, { x, y: list.y + 260 }, 12);
  await expect(page.getByTestId('pull-to-refresh')).toHaveText('Release to refresh');
  await page.screenshot({ path: testInfo.outputPath('library-pull-390.png') });
  await lift(cdp);
  await expect(row(page, 'added-elsewhere.pdf')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('library-count')).toHaveText('3 documents');
  await expect(page.getByTestId('pull-to-refresh')).toHaveCount(0);
  // No sideways scroll on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
