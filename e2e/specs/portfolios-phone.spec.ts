// The portfolio pages with real content on a phone (390x844) and a desktop (1440x900): a portfolio
// with a long name and description, documents with long names and a checklist. Nothing scrolls
// sideways, the main controls are reachable, and a screenshot of each is attached to the report.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { makePdf } from '../fixtures/documents/make-files';
import { signInThroughUi } from '../fixtures/documents/sign-in';
import { asPerson } from '../support/signed-in-session';


async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.document).toBeLessThanOrEqual(widths.viewport);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`a portfolio with documents and a checklist at ${viewport.width}x${viewport.height}`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const user = await signInThroughUi(page);
    const api = asPerson(user);
    const portfolio = await api
      .from('portfolios')
      .insert({ name: 'Residence permit renewal for the whole family 2026', description: 'Everything the immigration office asked for in the letter of 3 March, including certified translations.' })
      .select('id')
      .single();
    expect(portfolio.error).toBeNull();
    const names = ['passport-scan-front-and-back-certified-copy-2026.pdf', 'bank statement March.pdf', 'employer letter.pdf'];
    const ids: string[] = [];
    for (const name of names) {
      const id = randomUUID();
      const path = `${user.session.user.id}/${id}/${name}`;
      const bytes = makePdf([name]);
      expect((await api.storage.from('documents').upload(path, new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), { contentType: 'application/pdf' })).error).toBeNull();
      const row = await api.from('documents').insert({ id, name, storage_path: path, mime_type: 'application/pdf', size: bytes.length, portfolio_id: portfolio.data!.id, expires_on: '2031-05-01' });
      expect(row.error).toBeNull();
      ids.push(id);
    }
    const slots = ['Passport (all pages, certified)', 'Bank statements, last three months', 'Employer letter', 'Health insurance certificate'];
    expect((await api.from('portfolio_checklist_items').insert(slots.map((label, position) => ({ portfolio_id: portfolio.data!.id, label, position, document_id: ids[position] ?? null })))).error).toBeNull();

    await page.goto('/portfolios');
    await expect(page.getByTestId('portfolio-card')).toHaveCount(1);
    await noSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`portfolios-${viewport.width}.png`), fullPage: true });

    await page.goto(`/portfolios/${portfolio.data!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Residence permit renewal for the whole family 2026' })).toBeVisible();
    await expect(page.getByTestId('library-count')).toHaveText('3 documents');
    await expect(page.getByText('3 of 4 ready · 1 missing')).toBeVisible();
    await noSidewaysScroll(page);
    for (const name of ['Share portfolio', 'Add documents']) await expect(page.getByRole('button', { name })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`portfolio-detail-${viewport.width}.png`), fullPage: true });
  });
}
