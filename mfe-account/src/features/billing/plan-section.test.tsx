import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupabaseClient } from '@supabase/supabase-js';
import { renderPage } from '../testing/render-page';
import { PlanBadge } from '../plan-badge';
import { leaveFor } from './leave-for';
import { PLAN_ROOM, PlanSection } from './plan-section';

jest.mock('./leave-for', () => ({ leaveFor: jest.fn() }));

const GB = 1073741824;
const plans = [
  { id: 'free', name: 'Free', description: 'Up to 100 documents and 1 GB of files.', price_cents: 0, currency: 'eur', billing_interval: 'month', max_documents: 100, max_storage_bytes: GB, max_members: 1, purchasable: false },
  { id: 'plus', name: 'Plus', description: 'Up to 5,000 documents and 50 GB of files.', price_cents: 399, currency: 'eur', billing_interval: 'month', max_documents: 5000, max_storage_bytes: 50 * GB, max_members: 1, purchasable: true },
];
const freeUsage = { plan_id: 'free', plan_name: 'Free', documents_used: 12, documents_limit: 100, storage_used_bytes: 5 * 1024 * 1024, storage_limit_bytes: GB, subscription_status: null, cancel_at_period_end: false, current_period_end: null };
const plusUsage = { ...freeUsage, plan_id: 'plus', plan_name: 'Plus', documents_limit: 5000, storage_limit_bytes: 50 * GB, subscription_status: 'active', current_period_end: '2026-12-23T00:00:00Z' };
const invoice = { stripe_invoice_id: 'in_1', number: 'ABC-0001', status: 'paid', amount_paid: 399, amount_due: 399, currency: 'eur', hosted_invoice_url: 'http://stripe.local/i/in_1', invoice_pdf: 'http://stripe.local/i/in_1/pdf', created_at: '2026-11-23T00:00:00Z' };

function fakeClient(usage: object, invoices: object[] = [], invokeAnswer: unknown = { url: 'http://stripe.local/c/pay/cs_1' }) {
  const rows: Record<string, object[]> = { plans, invoices };
  const query = (table: string) => {
    const result = { data: rows[table], error: null };
    const chain = { select: () => chain, order: () => chain, limit: () => chain, then: (ok: (v: unknown) => unknown) => Promise.resolve(result).then(ok) };
    return chain;
  };
  const invoke = jest.fn(async () => ({ data: invokeAnswer, error: null }));
  const client = { auth: {}, rpc: jest.fn(async () => ({ data: usage, error: null })), from: query, functions: { invoke } } as unknown as SupabaseClient;
  return { client, invoke };
}

const user = { id: 'u1', email: 'ana@example.com', name: 'Ana' };

describe('plan section of /settings', () => {
  it('a Free person sees usage bars and can upgrade to Plus through Checkout', async () => {
    const { client, invoke } = fakeClient(freeUsage);
    renderPage(<PlanSection />, { path: '/settings', services: { auth: { status: 'signed-in', user, supabase: client } } });
    expect(await screen.findByRole('progressbar', { name: 'Documents' })).toHaveAttribute('aria-valuetext', '12 of 100');
    expect(screen.getByRole('progressbar', { name: 'Storage' })).toHaveAttribute('aria-valuetext', '5 MB of 1 GB');
    expect(screen.getByText('No payments yet')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Upgrade to Plus' }));
    expect(invoke).toHaveBeenCalledWith('create-checkout-session', { body: { plan: 'plus' } });
    expect(leaveFor).toHaveBeenCalledWith('http://stripe.local/c/pay/cs_1');
  });

  it('a Plus person sees the renewal date, invoices with links, and confirms before cancelling', async () => {
    const { client, invoke } = fakeClient(plusUsage, [invoice], { status: 'active', cancel_at_period_end: true, current_period_end: '2026-12-23T00:00:00Z' });
    renderPage(<PlanSection />, { path: '/settings', services: { auth: { status: 'signed-in', user, supabase: client } } });
    expect(await screen.findByText('Your Plus plan renews on 23 December 2026.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View invoice ABC-0001' })).toHaveAttribute('href', invoice.hosted_invoice_url);
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('alertdialog');
    await person.click(within(dialog).getByRole('button', { name: 'Keep plan' }));
    expect(invoke).not.toHaveBeenCalled();
    await person.click(screen.getByRole('button', { name: 'Cancel plan' }));
    await person.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel plan' }));
    expect(invoke).toHaveBeenCalledWith('manage-subscription', { body: { action: 'cancel' } });
    expect(await screen.findByText(/Your Plus plan ends on 23 December 2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume plan' })).toBeInTheDocument();
  });
});

describe('a paid plan without a billing period end (given without a subscription, or before the webhook)', () => {
  it('says the plan is active instead of a renewal date with no date in it', async () => {
    const { client } = fakeClient({ ...plusUsage, plan_id: 'family', plan_name: 'Family', current_period_end: null });
    renderPage(<PlanSection />, { path: '/settings', services: { auth: { status: 'signed-in', user, supabase: client } } });
    expect(await screen.findByText('Your Family plan is active.')).toBeInTheDocument();
    expect(screen.queryByText(/renews on/)).not.toBeInTheDocument();
  });

  it('and when cancelling, says it ends at the end of the billing period', async () => {
    const { client } = fakeClient({ ...plusUsage, current_period_end: null, cancel_at_period_end: true });
    renderPage(<PlanSection />, { path: '/settings', services: { auth: { status: 'signed-in', user, supabase: client } } });
    expect(await screen.findByText(/^Your Plus plan ends at the end of this billing period\. After that you are on Free/)).toBeInTheDocument();
  });
});

describe('account.plan-badge', () => {
  it('shows the plan and a bar per limit', async () => {
    const { client } = fakeClient({ ...freeUsage, documents_used: 100 });
    renderPage(<PlanBadge title="Your plan" />, { path: '/', services: { auth: { status: 'signed-in', user, supabase: client } } });
    expect(await screen.findByText('Free plan')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Documents' })).toHaveAttribute('aria-valuetext', '100 of 100');
    expect(screen.getByText(/You have reached a limit of your plan/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/settings#plan');
    // The dashboard's card frame (WidgetFrame): the same level-2 title as every other widget.
    expect(screen.getByRole('region', { name: 'Your plan' })).toHaveClass('widget');
    expect(screen.getByRole('heading', { level: 2, name: 'Your plan' })).toHaveClass('widget-title');
  });

  it("loads and fails like every other dashboard widget: 'Loading...', then the classifier's text and Try Again", async () => {
    const { client } = fakeClient(freeUsage);
    const rpc = client.rpc as jest.Mock;
    rpc.mockResolvedValueOnce({ data: null, error: { message: 'boom', code: 'PGRST000' }, status: 503 });
    renderPage(<PlanBadge title="Your plan" />, { path: '/', services: { auth: { status: 'signed-in', user, supabase: client } } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent('boom');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('progressbar', { name: 'Documents' })).toHaveAttribute('aria-valuetext', '12 of 100');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
  it('keeps the room of the drawn plan while it, or its billing history, is on its way (a skeleton named "Loading your plan")', async () => {
    const { client } = fakeClient(freeUsage);
    let answer!: (value: { data: object[]; error: null }) => void;
    const invoices = new Promise<{ data: object[]; error: null }>((resolve) => (answer = resolve));
    const from = client.from.bind(client);
    (client as unknown as { from: (table: string) => unknown }).from = (table: string) => {
      if (table !== 'invoices') return from(table);
      const chain = { select: () => chain, order: () => chain, limit: () => chain, then: (ok: (v: unknown) => unknown) => invoices.then(ok) };
      return chain;
    };
    renderPage(<PlanSection />, { path: '/settings', services: { auth: { status: 'signed-in', user, supabase: client } } });
    const loading = screen.getByRole('status', { name: 'Loading your plan' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(loading).toHaveTextContent('Loading your plan…');
    expect(loading).toHaveClass('ds-widget-room');
    expect(loading.style.getPropertyValue('--ds-widget-room-phone')).toBe(PLAN_ROOM.minHeight.phone);
    expect(loading.style.getPropertyValue('--ds-widget-room')).toBe(PLAN_ROOM.minHeight.wide);
    // The usage and the plans are here; the billing history is not, so nothing draws yet.
    await waitFor(() => expect(client.rpc).toHaveBeenCalledWith('my_plan_usage'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByRole('status', { name: 'Loading your plan' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Documents' })).not.toBeInTheDocument();
    answer({ data: [], error: null });
    expect(await screen.findByRole('progressbar', { name: 'Documents' })).toBeInTheDocument();
    expect(screen.getByText('No payments yet')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your plan' })).not.toBeInTheDocument();
  });
});
