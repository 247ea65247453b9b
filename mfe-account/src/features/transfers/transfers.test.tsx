import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupabaseClient } from '@supabase/supabase-js';
import { stubLayoutApis } from '@dossier/shared/testing';
import { renderPage } from '../testing/render-page';
import type { Transfer } from '../../api/transfers';
import TransfersPage from './transfers-page';
import { describeTransfer } from './transfer-card';

stubLayoutApis();

const user = { id: 'u1', email: 'ana@example.com', name: 'Ana' };

function transfer(over: Partial<Transfer>): Transfer {
  return {
    id: crypto.randomUUID(),
    direction: 'incoming',
    sender_email: 'ben@example.com',
    recipient_email: 'ana@example.com',
    portfolio_name: null,
    message: '',
    keep_copy: false,
    state: 'pending',
    created_at: '2026-11-20T10:00:00Z',
    expires_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    decided_at: null,
    items: [{ name: 'deed.pdf', mime_type: 'application/pdf', size: 2048, document_id: null }],
    ...over,
  };
}

function fakeClient(rows: Transfer[], refusals: Record<string, { message: string; hint: string }> = {}) {
  const rpc = jest.fn(async (name: string) => {
    if (name === 'my_transfers') return { data: [...rows], error: null };
    if (refusals[name]) return { data: null, error: refusals[name] };
    if (name === 'decline_transfer') {
      rows[0] = { ...rows[0], state: 'declined', decided_at: '2026-11-21T10:00:00Z' };
      return { data: null, error: null };
    }
    return { data: null, error: null };
  });
  return { supabase: { rpc } as unknown as SupabaseClient, rpc };
}

/** The page with nothing yet, and its offer dialog opened by a person, deed.pdf offerable. */
async function openOfferDialog(supabase: SupabaseClient) {
  offerableDeed(supabase);
  renderPage(<TransfersPage />, { services: { auth: { status: 'signed-in', user, supabase } } });
  const person = userEvent.setup();
  expect(await screen.findByRole('heading', { name: 'Nothing offered to you' })).toBeVisible();
  await person.click(screen.getByRole('button', { name: 'Offer documents' }));
  return { person, dialog: await screen.findByRole('dialog', { name: 'Offer documents' }) };
}

/** The offer dialog's list of what may be offered: one document, deed.pdf, and no portfolios. */
function offerableDeed(supabase: SupabaseClient) {
  (supabase as unknown as { from: unknown }).from = () => ({
    select: () => ({
      is: () => ({ order: () => ({ limit: async () => ({ data: [{ id: 'd1', name: 'deed.pdf', size: 10 }], error: null }) }) }),
      order: async () => ({ data: [], error: null }),
    }),
  });
}

describe('Transfers page', () => {
  it('describes an offer by portfolio, single document or count', () => {
    expect(describeTransfer({ portfolio_name: 'Estate', items: [transfer({}).items[0], transfer({}).items[0]] })).toBe('the portfolio “Estate” (2 documents)');
    expect(describeTransfer({ portfolio_name: null, items: transfer({}).items })).toBe('“deed.pdf”');
  });

  it('lists incoming offers first with their state and declines after asking', async () => {
    const rows = [
      transfer({ message: 'The house papers' }),
      transfer({ direction: 'outgoing', sender_email: 'ana@example.com', recipient_email: 'cy@example.com', state: 'expired' }),
    ];
    const { supabase, rpc } = fakeClient(rows);
    renderPage(<TransfersPage />, { services: { auth: { status: 'signed-in', user, supabase } } });
    const person = userEvent.setup();
    const card = await screen.findByRole('listitem', { name: 'From ben@example.com' });
    expect(within(card).getByText('Pending')).toBeVisible();
    // The heading and its state share the design system's title row (issue 23: no copy of its CSS here).
    const head = within(card).getByRole('heading', { level: 2, name: 'From ben@example.com' }).parentElement!;
    expect(head).toHaveClass('ds-title-row');
    expect(head.lastElementChild).toHaveTextContent('Pending');
    expect(within(card).getByText('The house papers')).toBeVisible();
    expect(within(card).getByText(/expires in 3 days/)).toBeVisible();
    expect(screen.getByRole('tab', { name: /Incoming/ })).toHaveTextContent('1 waiting');

    await person.click(within(card).getByRole('button', { name: 'Decline' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Decline this transfer?' });
    await person.click(within(confirm).getByRole('button', { name: 'Decline' }));
    expect(rpc).toHaveBeenCalledWith('decline_transfer', { transfer_id: rows[0].id });
    expect(await within(card).findByText('Declined')).toBeVisible();

    await person.click(screen.getByRole('tab', { name: 'Outgoing' }));
    const sent = await screen.findByRole('listitem', { name: 'To cy@example.com' });
    expect(within(sent).getByText('Expired')).toBeVisible();
    expect(within(sent).queryByRole('button', { name: 'Cancel transfer' })).toBeNull();
  }, 30_000);

  it('opens the tab a mail’s link names (/transfers?tab=emergency), whatever waits elsewhere', async () => {
    const { supabase } = fakeClient([transfer({})]);
    renderPage(<TransfersPage />, { path: '/transfers?tab=emergency', services: { auth: { status: 'signed-in', user, supabase } } });
    expect(await screen.findByRole('tab', { name: /Emergency access/, selected: true })).toBeVisible();
  }, 30_000);

  it('shows the server\'s refusal of an offer in plain words', async () => {
    const { supabase } = fakeClient([], { offer_transfer: { message: 'You cannot transfer documents to yourself.', hint: 'transfer' } });
    const { person, dialog } = await openOfferDialog(supabase);
    await person.type(within(dialog).getByLabelText("Recipient's e-mail"), 'not-an-address');
    await person.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(within(dialog).getByText('Enter a valid e-mail address.')).toBeVisible();
    await person.clear(within(dialog).getByLabelText("Recipient's e-mail"));
    await person.type(within(dialog).getByLabelText("Recipient's e-mail"), 'ana@example.com');
    await person.click(await within(dialog).findByRole('checkbox', { name: /deed\.pdf/ }));
    await person.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot transfer documents to yourself.');
  }, 30_000);

  it('shows the offer just sent: the Outgoing tab opens with it (found by hand)', async () => {
    const rows: Transfer[] = [];
    const { supabase, rpc } = fakeClient(rows);
    rpc.mockImplementation(async (name: string) => {
      if (name === 'my_transfers') return { data: [...rows], error: null };
      if (name === 'offer_transfer') rows.push(transfer({ direction: 'outgoing', sender_email: 'ana@example.com', recipient_email: 'cy@example.com' }));
      return { data: null, error: null };
    });
    const { person, dialog } = await openOfferDialog(supabase);
    await person.type(within(dialog).getByLabelText("Recipient's e-mail"), 'cy@example.com');
    await person.click(await within(dialog).findByRole('checkbox', { name: /deed\.pdf/ }));
    await person.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByRole('tab', { name: 'Outgoing', selected: true })).toBeVisible();
    expect(await screen.findByRole('listitem', { name: 'To cy@example.com' })).toBeVisible();
  }, 30_000);
});

/** The levels of the page's headings, in reading order (axe's heading-order: never more than one step down). */
function outline(): number[] {
  return [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
}

function stepsDownAtMostOne(levels: number[]): boolean {
  return levels.every((level, i) => i === 0 || level <= levels[i - 1] + 1);
}

describe('the page outline under the h1 "Transfers" (axe heading-order)', () => {
  it('puts an empty tab’s heading one level under the page title', async () => {
    const { supabase } = fakeClient([]);
    renderPage(<TransfersPage />, { services: { auth: { status: 'signed-in', user, supabase } } });
    const person = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 2, name: 'Nothing offered to you' })).toBeVisible();
    expect(outline()).toEqual([1, 2]);
    await person.click(screen.getByRole('tab', { name: 'Outgoing' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'You have not offered anything' })).toBeVisible();
    expect(outline()).toEqual([1, 2]);
  }, 30_000);

  it('steps one level at a time with offers listed and on the emergency tab', async () => {
    const { supabase } = fakeClient([transfer({})]);
    renderPage(<TransfersPage />, { services: { auth: { status: 'signed-in', user, supabase } } });
    const person = userEvent.setup();
    await screen.findByRole('listitem', { name: 'From ben@example.com' });
    expect(outline()).toEqual([1, 2]);
    await person.click(screen.getByRole('tab', { name: /Emergency access/ }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Nobody has named you' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Your trusted contacts' })).toBeVisible();
    expect(stepsDownAtMostOne(outline())).toBe(true);
    expect(outline()).toEqual([1, 2, 3, 2, 3]);
  }, 30_000);
});

describe('the quiet line (issue 23: transfers.css and trusted-contact.css each wrote it)', () => {
  it('is one rule for a card’s dates and a trusted contact’s document size', () => {
    const css = ['transfers.css', '../trusted-contact/trusted-contact.css']
      .map((file) => readFileSync(path.join(__dirname, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''))
      .join('\n');
    const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector, body]) => ({
      selectors: selector.split(',').map((part) => part.trim()),
      body: body.replace(/\s+/g, ' ').trim(),
    }));
    const quiet = rules.filter((rule) => rule.selectors.includes('.dossier-trusted__meta') || rule.selectors.includes('.dossier-transfer__when'));
    const line = quiet.find((rule) => rule.body.includes('color: var(--ds-color-text-muted)'));
    expect(line?.selectors).toEqual(['.dossier-transfer__when', '.dossier-trusted__meta']);
    expect(line?.body).toBe('color: var(--ds-color-text-muted); font-size: var(--ds-font-size-sm);');
    expect(quiet.filter((rule) => rule.body.includes('color:'))).toHaveLength(1);
  });
});
