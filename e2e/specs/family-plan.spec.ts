// The Family plan (issue 14 §1, ADR 0162) in two browser contexts: Olga, on Family, invites Max from
// Settings; Max opens the invitation link and joins; Max puts a document into the Family space on
// /portfolios and Olga sees it there. Screenshots of both pages at 390x844 and 1440x900.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { makePdf } from '../fixtures/documents/make-files';
import { signInThroughUi } from '../fixtures/documents/sign-in';
import { setPlan } from '../support/shell-auth';
import { asPerson } from '../support/signed-in-session';

test('a Family plan: invite, join, share a document in the Family space', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const maxContext = await browser.newContext();
  const maxPage = await maxContext.newPage();
  const max = await signInThroughUi(maxPage);
  const olga = await signInThroughUi(page);
  await setPlan(page, olga.session.user.id, 'family');

  await page.goto('/settings');
  const family = page.getByRole('region', { name: 'Family' });
  await family.getByLabel('Invite by e-mail').fill(max.email);
  await family.getByRole('button', { name: 'Invite' }).click();
  await expect(family.getByText(`We sent an invitation to ${max.email}`)).toBeVisible();
  const link = await family.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/settings\?family-invite=[0-9a-f]{64}$/);
  await expect(family.getByRole('list', { name: 'Invitations waiting' })).toContainText(max.email);

  await maxPage.goto(link);
  await maxPage.getByRole('button', { name: 'Join the family' }).click();
  await expect(maxPage.getByRole('list', { name: 'Family members' }).getByRole('listitem')).toHaveCount(2);

  // Max puts one of his documents into the Family space.
  const api = asPerson(max);
  const id = randomUUID();
  const path = `${max.session.user.id}/${id}/vaccination record.pdf`;
  const bytes = makePdf(['Vaccination record']);
  expect((await api.storage.from('documents').upload(path, new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), { contentType: 'application/pdf' })).error).toBeNull();
  expect((await api.from('documents').insert({ id, name: 'vaccination record.pdf', storage_path: path, mime_type: 'application/pdf', size: bytes.length })).error).toBeNull();
  await maxPage.goto('/portfolios');
  const maxSpace = maxPage.getByRole('region', { name: 'Family space' });
  await maxSpace.getByLabel('Add one of your documents').selectOption({ label: 'vaccination record.pdf' });
  await maxSpace.getByRole('button', { name: 'Add to Family space' }).click();
  await expect(maxSpace.getByRole('list', { name: 'Family documents' })).toContainText('added by you');

  // Olga sees it in her Family space (not in her own library).
  await page.goto('/portfolios');
  const space = page.getByRole('region', { name: 'Family space' });
  await expect(space.getByRole('list', { name: 'Family documents' })).toContainText('vaccination record.pdf');
  await expect(space.getByRole('list', { name: 'Family documents' })).toContainText(`added by ${max.email}`);
  await expect(space.getByRole('button', { name: 'Take vaccination record.pdf out of the Family space' })).toHaveCount(0);

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    for (const [route, name] of [
      ['/portfolios', 'family-space'],
      ['/settings', 'family-settings'],
    ] as const) {
      await page.goto(route);
      await expect(page.getByRole('region', { name: route === '/settings' ? 'Family' : 'Family space' })).toBeVisible();
      const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
      expect(widths.document).toBeLessThanOrEqual(widths.viewport);
      await page.screenshot({ path: testInfo.outputPath(`${name}-${viewport.width}.png`), fullPage: true });
    }
  }
  await maxContext.close();
});
