import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInFreshUser } from '../support/signed-in-session';

// Issue 15 §2: amounts and identifiers. An insurance schedule (a text PDF rendered by the test) is
// analysed after upload; its policy number, IBAN and premium are listed under "Found in the text",
// each with the line it came from. Nothing is written until the person clicks "Add to notes", which
// appends "Policy number: HX-4471-22" to the notes; "Copy" puts the value on the clipboard.

async function schedulePdf(browser: Browser): Promise<Buffer> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent(`
    <body style="font:18px/1.5 Arial,sans-serif;padding:40px">
      <h1>HOME INSURANCE SCHEDULE</h1>
      <p>Policyholder: Dana Tester</p><p>Policy number: HX-4471-22</p>
      <p>Annual premium: £1,234.56</p><p>Direct debit from IBAN GB82 WEST 1234 5698 7654 32</p>
      <p>Date of issue: 14 MAR 2026</p><p>Customer helpline: 0800 123 4567</p>
    </body>`);
  const pdf = await page.pdf({ format: 'A4' });
  await context.close();
  return pdf;
}

const panel = (page: Page) => page.getByRole('dialog', { name: 'Document details' });

test('amounts and identifiers show with their source; Add to notes appends one line, Copy copies the value', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInFreshUser(page);
  await page.goto('/documents');
  await page.getByTestId('upload-input').setInputFiles({ name: 'home-schedule.pdf', mimeType: 'application/pdf', buffer: await schedulePdf(browser) });
  const row = page.getByTestId('upload-row').filter({ hasText: 'home-schedule.pdf' });
  await expect(row.getByRole('status')).toHaveText('Uploaded', { timeout: 30_000 });

  // The upload row stays compact: the two surest facts.
  const inRow = row.getByRole('region', { name: 'Found in the text' });
  await expect(inRow).toBeVisible({ timeout: 60_000 });
  await expect(inRow.getByRole('listitem')).toHaveCount(2);
  await expect(inRow).toContainText('IBAN: GB82 WEST 1234 5698 7654 32');

  await page.getByTestId('document-item').getByRole('button', { name: 'home-schedule.pdf' }).click();
  const facts = panel(page).getByRole('region', { name: 'Found in the text' });
  const policy = facts.getByRole('listitem').filter({ hasText: 'Policy number: HX-4471-22' });
  await expect(policy).toContainText(/\d+% sure/);
  await expect(policy).toContainText('From “Policy number: HX-4471-22”');
  await expect(facts).toContainText('Annual premium: £1,234.56');
  // Not a phone number, not a date.
  await expect(facts).not.toContainText('0800');
  await expect(panel(page).getByLabel('Notes', { exact: true })).toHaveValue('');

  await policy.getByRole('button', { name: 'Add Policy number to notes' }).click();
  await expect(panel(page).getByLabel('Notes', { exact: true })).toHaveValue('Policy number: HX-4471-22');
  await expect(policy.getByText('In notes')).toBeVisible();
  const premium = facts.getByRole('listitem').filter({ hasText: 'Annual premium' });
  await premium.getByRole('button', { name: 'Add Annual premium to notes' }).click();
  await expect(panel(page).getByLabel('Notes', { exact: true })).toHaveValue('Policy number: HX-4471-22\nAnnual premium: £1,234.56');

  await facts.getByRole('listitem').filter({ hasText: 'IBAN' }).getByRole('button', { name: 'Copy IBAN' }).click();
  await expect(page.getByText('IBAN copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('GB82 WEST 1234 5698 7654 32');

  for (const [width, height] of [[1440, 900], [390, 844]]) {
    await page.setViewportSize({ width, height });
    await facts.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/facts-shots/panel-${width}.png` });
    // No sideways scroll on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});
