// Transfers (issue 13 §1): two people in two signed-in browser contexts. A offers a portfolio of
// three documents to B; B sees the badge and accepts; the documents, their tag and their files are
// B's (B previews one) and A no longer has them. A second offer is declined, a third cancelled by
// A before B acts, a fourth expires (its date moved back in the database, then the scheduler's
// expiry job runs).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { makePdf } from '../fixtures/documents/make-files';
import { signInThroughUi } from '../fixtures/documents/sign-in';
import { LOCAL_SERVICE_ROLE_KEY, nodeClient } from '../support/shell-auth';
import { readAppConfig, type SignedInUser } from '../support/signed-in-session';

interface Person {
  page: Page;
  user: SignedInUser;
  api: SupabaseClient;
}

async function person(browser: Browser): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signInThroughUi(page);
  const api = await nodeClient(page);
  const signedIn = await api.auth.signInWithPassword({ email: user.email, password: user.password });
  if (signedIn.error) throw signedIn.error;
  return { page, user, api };
}

/** A document with a real PDF, stored and recorded as the app's upload does. */
async function addDocument(p: Person, name: string, portfolioId: string | null, tagId: string | null): Promise<void> {
  const id = randomUUID();
  const path = `${p.user.session.user.id}/${id}/${name}`;
  const bytes = makePdf([`${name} for the transfer`]);
  const up = await p.api.storage.from('documents').upload(path, new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), { contentType: 'application/pdf' });
  if (up.error) throw up.error;
  const row = await p.api.from('documents').insert({ id, name, storage_path: path, mime_type: 'application/pdf', size: bytes.length, portfolio_id: portfolioId });
  if (row.error) throw row.error;
  if (tagId) {
    const link = await p.api.from('document_tags').insert({ document_id: id, tag_id: tagId });
    if (link.error) throw link.error;
  }
}

async function offerThroughUi(page: Page, recipient: string, what: { portfolio?: string; documents?: string[] }, message = '') {
  await page.goto('/transfers');
  await page.getByRole('button', { name: 'Offer documents' }).click();
  const dialog = page.getByRole('dialog', { name: 'Offer documents' });
  await dialog.getByLabel("Recipient's e-mail").fill(recipient);
  if (what.portfolio) {
    await dialog.getByRole('combobox', { name: 'What to offer' }).click();
    await page.getByRole('option', { name: 'A whole portfolio' }).click();
    await dialog.getByRole('combobox', { name: 'Portfolio' }).click();
    await page.getByRole('option', { name: what.portfolio }).click();
  }
  for (const name of what.documents ?? []) await dialog.getByRole('checkbox', { name: new RegExp(name.replace('.', '\\.')) }).check();
  if (message) await dialog.getByLabel('Message (optional)').fill(message);
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(dialog).toBeHidden();
}

const card = (page: Page, name: string) => page.getByRole('listitem', { name });
const emergencyTab = (page: Page) => page.getByRole('tab', { name: /Emergency access/ }).click();

test('a portfolio changes hands; other offers are declined, cancelled and expire', async ({ browser }) => {
  test.setTimeout(240_000);
  const a = await person(browser);
  const b = await person(browser);
  const aEmail = a.user.email.toLowerCase();
  const bEmail = b.user.email.toLowerCase();

  const folio = await a.api.from('portfolios').insert({ name: 'Estate papers' }).select('id').single();
  const tag = await a.api.from('tags').insert({ name: 'Family home' }).select('id').single();
  for (const name of ['deed.pdf', 'will.pdf', 'insurance.pdf']) await addDocument(a, name, folio.data!.id, tag.data!.id);
  for (const name of ['car-papers.pdf', 'tax-2025.pdf', 'old-lease.pdf']) await addDocument(a, name, null, null);

  // 1. The portfolio, accepted.
  await offerThroughUi(a.page, bEmail, { portfolio: 'Estate papers' }, 'The house papers, as we said.');
  // The page shows the offer just sent: Outgoing opens by itself.
  await expect(a.page.getByRole('tab', { name: 'Outgoing' })).toHaveAttribute('aria-selected', 'true');
  await expect(card(a.page, `To ${bEmail}`).getByText('Pending', { exact: true })).toBeVisible();

  await b.page.reload();
  await expect(b.page.getByTestId('transfers-badge')).toHaveText(/^1/);
  await b.page.getByRole('link', { name: /Transfers/ }).first().click();
  const incoming = card(b.page, `From ${aEmail}`);
  await expect(incoming).toContainText('the portfolio “Estate papers” (3 documents)');
  await expect(incoming).toContainText('The house papers, as we said.');
  await incoming.getByRole('button', { name: 'Accept' }).click();
  await expect(incoming.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(b.page.getByTestId('transfers-badge')).toHaveCount(0);

  // B has the documents, their tag and their files; A has none of them.
  await b.page.goto('/documents');
  await expect(b.page.getByTestId('library-count')).toHaveText('3 documents');
  await b.page.getByRole('button', { name: 'deed.pdf', exact: true }).click();
  const panel = b.page.getByRole('dialog', { name: 'Document details' });
  await expect(panel.getByRole('img', { name: 'Page 1 of deed.pdf' })).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole('list', { name: 'Tags' })).toContainText('Family home');
  await expect(panel.getByRole('list', { name: 'Document history' })).toContainText(`Transferred from ${aEmail} to ${bEmail}`);
  await a.page.goto('/documents');
  await expect(a.page.getByTestId('library-count')).toHaveText('3 documents');
  await expect(a.page.getByRole('button', { name: 'deed.pdf', exact: true })).toHaveCount(0);
  // A's history still has the transfer line: in the CSV export of everything A may read.
  await a.page.getByRole('button', { name: 'car-papers.pdf', exact: true }).click();
  const aPanel = a.page.getByRole('dialog', { name: 'Document details' });
  const download = a.page.waitForEvent('download');
  await aPanel.getByRole('button', { name: 'Export all history (CSV)' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv).toContain(`"deed.pdf","Transferred from ${aEmail} to ${bEmail}"`);
  await aPanel.getByRole('button', { name: 'Close document' }).click();
  await a.page.goto('/transfers');
  await a.page.getByRole('tab', { name: 'Outgoing' }).click();
  await expect(card(a.page, `To ${bEmail}`).first().getByText('Accepted', { exact: true })).toBeVisible();

  // 2. Declined.
  await offerThroughUi(a.page, bEmail, { documents: ['car-papers.pdf'] });
  await b.page.goto('/transfers');
  const second = b.page.getByTestId('transfer-card').filter({ hasText: '“car-papers.pdf”' });
  await second.getByRole('button', { name: 'Decline' }).click();
  await b.page.getByRole('alertdialog', { name: 'Decline this transfer?' }).getByRole('button', { name: 'Decline' }).click();
  await expect(second.getByText('Declined', { exact: true })).toBeVisible();

  // 3. Cancelled by A before B acts.
  await offerThroughUi(a.page, bEmail, { documents: ['tax-2025.pdf'] });
  await a.page.getByRole('tab', { name: 'Outgoing' }).click();
  const third = a.page.getByTestId('transfer-card').filter({ hasText: '“tax-2025.pdf”' });
  await third.getByRole('button', { name: 'Cancel transfer' }).click();
  await a.page.getByRole('alertdialog', { name: 'Cancel this transfer?' }).getByRole('button', { name: 'Cancel transfer' }).click();
  await expect(third.getByText('Cancelled', { exact: true })).toBeVisible();
  await b.page.reload();
  await expect(b.page.getByTestId('transfer-card').filter({ hasText: '“tax-2025.pdf”' }).getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(b.page.getByTestId('transfer-card').filter({ hasText: '“tax-2025.pdf”' }).getByRole('button', { name: 'Accept' })).toHaveCount(0);

  // 4. Expired: the offer's date moved 15 days back, then the scheduler's expiry job.
  await offerThroughUi(a.page, bEmail, { documents: ['old-lease.pdf'] });
  const config = await readAppConfig(a.page);
  const service = { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' };
  const moved = await a.page.request.patch(`${config.supabaseUrl}/rest/v1/transfers?sender_id=eq.${a.user.session.user.id}&state=eq.pending`, {
    headers: service,
    data: { created_at: new Date(Date.now() - 15 * 86_400_000).toISOString(), expires_at: new Date(Date.now() - 86_400_000).toISOString() },
  });
  expect(moved.ok()).toBe(true);
  const ran = await a.page.request.post(`${config.supabaseUrl}/scheduler/v1/jobs/expire-transfers/run`, { headers: service });
  expect(await ran.json()).toMatchObject({ job: 'expire-transfers', result: { expired: 1 } });
  await b.page.reload();
  const fourth = b.page.getByTestId('transfer-card').filter({ hasText: '“old-lease.pdf”' });
  await expect(fourth.getByText('Expired', { exact: true })).toBeVisible();
  await expect(fourth.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await a.page.reload();
  await a.page.getByRole('tab', { name: 'Outgoing' }).click();
  await expect(a.page.getByTestId('transfer-card').filter({ hasText: '“old-lease.pdf”' }).getByText('Expired', { exact: true })).toBeVisible();
});

test('a trusted contact asks, is denied, asks again and reads the Estate portfolio after the waiting period', async ({ browser }) => {
  test.setTimeout(240_000);
  const a = await person(browser);
  const c = await person(browser);
  const aEmail = a.user.email.toLowerCase();
  const cEmail = c.user.email.toLowerCase();
  const estate = await a.api.from('portfolios').insert({ name: 'Estate' }).select('id').single();
  await addDocument(a, 'will.pdf', estate.data!.id, null);

  // A names C for "Estate" with a 7-day waiting period.
  await a.page.goto('/transfers');
  await a.page.getByRole('tab', { name: /Emergency access/ }).click();
  await a.page.getByRole('button', { name: 'Name a trusted contact' }).click();
  const naming = a.page.getByRole('dialog', { name: 'Name a trusted contact' });
  await naming.getByLabel('Their e-mail').fill(cEmail);
  await naming.getByLabel('Waiting period (days)').fill('7');
  await naming.getByRole('checkbox', { name: 'Estate' }).check();
  await naming.getByRole('button', { name: 'Name contact' }).click();
  await expect(naming).toBeHidden();
  await expect(a.page.getByTestId('trusted-card').filter({ hasText: cEmail }).getByText('No request', { exact: true })).toBeVisible();

  // C asks; A is told (badge and card) and denies.
  const ask = async () => {
    await c.page.goto('/transfers');
    await c.page.getByRole('tab', { name: /Emergency access/ }).click();
    const mine = c.page.getByTestId('trusted-card').filter({ hasText: aEmail });
    await mine.getByRole('button', { name: 'Ask for access' }).click();
    await c.page.getByRole('alertdialog', { name: `Ask ${aEmail} for access?` }).getByRole('button', { name: 'Ask for access' }).click();
    await expect(mine.getByText('Request waiting', { exact: true })).toBeVisible();
    return mine;
  };
  await ask();
  await a.page.reload();
  await emergencyTab(a.page);
  await expect(a.page.getByTestId('transfers-badge')).toBeVisible();
  const request = a.page.getByTestId('trusted-card').filter({ hasText: cEmail });
  await expect(request.getByRole('status')).toContainText(`${cEmail} asked for access`);
  await request.getByRole('button', { name: 'Deny request' }).click();
  await a.page.getByRole('alertdialog', { name: `Deny ${cEmail}'s request?` }).getByRole('button', { name: 'Deny' }).click();
  await expect(request.getByText('No request', { exact: true })).toBeVisible();

  // C asks again; the waiting period passes (moved in the database); C reads, read-only.
  await ask();
  const config = await readAppConfig(a.page);
  const service = { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' };
  const moved = await a.page.request.patch(`${config.supabaseUrl}/rest/v1/trusted_contacts?owner_id=eq.${a.user.session.user.id}`, {
    headers: service,
    data: { requested_at: new Date(Date.now() - 8 * 86_400_000).toISOString(), access_from: new Date(Date.now() - 86_400_000).toISOString() },
  });
  expect(moved.ok()).toBe(true);
  await c.page.reload();
  await emergencyTab(c.page);
  const access = c.page.getByTestId('trusted-card').filter({ hasText: aEmail });
  await expect(access.getByText('Access open', { exact: true })).toBeVisible();
  await access.getByRole('button', { name: 'Read documents' }).click();
  const reader = c.page.getByRole('dialog', { name: `${aEmail}'s papers` });
  await expect(reader.getByRole('region', { name: 'Estate' })).toContainText('will.pdf');
  const popup = c.page.waitForEvent('popup');
  await reader.getByRole('button', { name: 'Open will.pdf' }).click();
  const tab = await popup;
  await expect.poll(() => tab.url()).toContain('/storage/v1/object/sign/documents/');
  await tab.close();
  // Nothing in the view changes anything, and the API refuses C's changes.
  await expect(reader.getByRole('button', { name: /delete|rename|move|edit/i })).toHaveCount(0);
  const will = await a.api.from('documents').select('id').eq('name', 'will.pdf').single();
  const changed = await c.api.from('documents').update({ name: 'mine.pdf' }).eq('id', will.data!.id).select('id');
  expect(changed.data ?? []).toEqual([]);
  expect((await a.api.from('documents').select('name').eq('id', will.data!.id).single()).data?.name).toBe('will.pdf');
  await c.page.keyboard.press('Escape');

  // Both see every step.
  await access.getByText(/^History/).click();
  await expect(access.getByRole('listitem').filter({ hasText: 'You opened “will.pdf”' })).toBeVisible();
  await a.page.reload();
  await emergencyTab(a.page);
  const aCard = a.page.getByTestId('trusted-card').filter({ hasText: cEmail });
  await aCard.getByText(/^History/).click();
  for (const step of ['You named', `${cEmail} asked for access`, 'You denied the request', 'access opened', `${cEmail} opened “will.pdf”`]) {
    await expect(aCard.getByRole('listitem').filter({ hasText: step }).first()).toBeVisible();
  }
  await aCard.getByRole('button', { name: 'Revoke access' }).click();
  await a.page.getByRole('alertdialog', { name: `End ${cEmail}'s access?` }).getByRole('button', { name: 'End access' }).click();
  await c.page.reload();
  await emergencyTab(c.page);
  await expect(c.page.getByTestId('trusted-card').filter({ hasText: aEmail }).getByText('No request', { exact: true })).toBeVisible();
});
