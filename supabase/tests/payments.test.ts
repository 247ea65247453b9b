// Payments end to end on the platform (issue 14 §1): the official `stripe` SDK against the local
// Stripe emulator, the Edge Functions (create-checkout-session, checkout-session-status,
// manage-subscription, billing-portal, stripe-webhook) and Postgres, on PGlite and PostgreSQL.
// A card is paid through the hosted checkout form (the same POST the page makes).
import { createHmac, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { databasesSync, startTestStack, type TestStack } from '../../local-stack/test/support/test-stack.js';
import { createTestUser, type TestUser } from '../../local-stack/test/support/users.js';

function sdk(stack: TestStack, key = stack.config.stripe!.secretKey): Stripe {
  const url = new URL(stack.stripeUrl);
  return new Stripe(key, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
}

let functionsUrl = '';

async function invoke<T = Record<string, unknown>>(user: TestUser, name: string, body: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(`${functionsUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json', origin: 'http://127.0.0.1:4200' },
    body: JSON.stringify(body),
  });
  return { status: res.status, data: (await res.json()) as T };
}

async function payWithCard(url: string, card: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ email: 'payer@example.com', cardnumber: card, 'exp-date': '12 / 34', cvc: '123', billingName: 'Pat Payer' }),
  });
}

async function deliveriesDone(stack: TestStack): Promise<void> {
  const res = await fetch(`${stack.stripeUrl}/__emulator/deliveries/wait`, { method: 'POST' });
  expect(res.status).toBe(200);
}

async function planOf(user: TestUser): Promise<string> {
  const { data, error } = await user.client.rpc('my_plan_usage');
  if (error) throw error;
  return (data as { plan_id: string }).plan_id;
}

async function subscriptionRow(user: TestUser) {
  const { data } = await user.client.from('subscriptions').select('*').maybeSingle();
  return data as { plan_id: string; status: string; cancel_at_period_end: boolean; stripe_subscription_id: string; updated_at: string } | null;
}

function signed(payload: string, secret: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

describe.each(databasesSync())('payments through Stripe on %s', (database) => {
  let stack: TestStack;
  let stripe: Stripe;

  beforeAll(async () => {
    process.env.STRIPE_EMULATOR_RETRY_DELAYS_MS = '50,100,200';
    stack = await startTestStack({ database });
    stripe = sdk(stack);
    functionsUrl = stack.url;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** A person who has opened Checkout for Plus (session id and hosted URL). */
  async function openCheckout(label: string) {
    const user = await createTestUser(stack, label);
    const created = await invoke<{ id: string; url: string }>(user, 'create-checkout-session', { plan: 'plus' });
    expect(created.status).toBe(200);
    expect(created.data.id).toMatch(/^cs_test_/);
    expect(created.data.url).toBe(`${stack.stripeUrl}/c/pay/${created.data.id}`);
    return { user, session: created.data };
  }

  test('the SDK sees Stripe: errors, expand[], idempotency keys, a wrong key', async () => {
    await expect(stripe.customers.retrieve('cus_doesnotexist')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing', statusCode: 404 });
    await expect(sdk(stack, 'sk_test_wrong_key_1234').customers.list()).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    const key = randomUUID();
    const a = await stripe.customers.create({ email: 'same@example.com', metadata: { n: '1' } }, { idempotencyKey: key });
    const b = await stripe.customers.create({ email: 'same@example.com', metadata: { n: '1' } }, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    expect(b.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: key })).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: a.id,
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 399, recurring: { interval: 'month' }, product_data: { name: 'Test plan' } } }],
      success_url: 'http://127.0.0.1:4200/payment-success?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', payment_status: 'unpaid', amount_total: 399, currency: 'eur' });
    const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ['customer', 'line_items'] });
    expect((expanded.customer as Stripe.Customer).email).toBe('same@example.com');
    expect(expanded.line_items?.data[0]).toMatchObject({ amount_total: 399, quantity: 1, description: 'Test plan' });
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data).toHaveLength(1);
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired.status).toBe('expired');
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
    await expect(stripe.checkout.sessions.create({ mode: 'subscription', success_url: 'http://x/' } as Stripe.Checkout.SessionCreateParams)).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'line_items',
    });
  });

  test('pay with 4242 4242 4242 4242: signed webhook, plan is Plus, invoice in the history, the status function says paid', async () => {
    const { user, session } = await openCheckout('payer');
    const before = await invoke<{ status: string; payment_status: string }>(user, 'checkout-session-status', { session_id: session.id });
    expect(before.data).toMatchObject({ status: 'open', payment_status: 'unpaid', plan_active: false });
    const paid = await payWithCard(session.url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:4200/payment-success?session_id=${session.id}`);
    await deliveriesDone(stack);
    expect(await planOf(user)).toBe('plus');
    expect(await subscriptionRow(user)).toMatchObject({ plan_id: 'plus', status: 'active', cancel_at_period_end: false });
    const status = await invoke(user, 'checkout-session-status', { session_id: session.id });
    expect(status.data).toMatchObject({ status: 'complete', payment_status: 'paid', plan: { id: 'plus', name: 'Plus' }, plan_active: true });
    const invoices = await user.client.from('invoices').select('status,amount_paid,currency,hosted_invoice_url,invoice_pdf');
    expect(invoices.data).toHaveLength(1);
    expect(invoices.data![0]).toMatchObject({ status: 'paid', amount_paid: 399, currency: 'eur' });
    const pdf = await fetch(invoices.data![0].invoice_pdf as string);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-1.4')).toBe(true);
    // Every delivery carried a Stripe-Signature the function accepted.
    const log = (await (await fetch(`${stack.stripeUrl}/__emulator/deliveries`)).json()) as { deliveries: Array<{ state: string }> };
    expect(log.deliveries.length).toBeGreaterThan(0);
    expect(log.deliveries.every((d) => d.state === 'delivered')).toBe(true);
    // Another person asking about this session learns nothing.
    const other = await createTestUser(stack, 'nosy');
    expect((await invoke(other, 'checkout-session-status', { session_id: session.id })).status).toBe(404);
    // A second checkout while subscribed is refused.
    expect((await invoke(user, 'create-checkout-session', { plan: 'plus' })).status).toBe(409);
    const portal = await invoke<{ url: string }>(user, 'billing-portal', {});
    expect(portal.data.url).toMatch(new RegExp(`^${stack.stripeUrl}/p/session/bps_`));
    expect(await (await fetch(portal.data.url)).text()).toContain('Cancel plan');
  });

  test('the decline card leaves Free; a made-up session id is not found', async () => {
    const { user, session } = await openCheckout('declined');
    const res = await payWithCard(session.url, '4000 0000 0000 0002');
    expect(res.status).toBe(402);
    expect(await res.text()).toContain('Your card was declined.');
    await deliveriesDone(stack);
    expect(await planOf(user)).toBe('free');
    expect(await subscriptionRow(user)).toBeNull();
    expect((await invoke(user, 'checkout-session-status', { session_id: session.id })).data).toMatchObject({ status: 'open', payment_status: 'unpaid', plan_active: false });
    expect((await invoke(user, 'checkout-session-status', { session_id: 'cs_test_madeup123' })).status).toBe(404);
    expect((await invoke(user, 'checkout-session-status', { session_id: '<script>' })).status).toBe(404);
  });

  test('4000 0025 0000 3155 asks for authentication: failing it leaves Free, completing it gives Plus', async () => {
    const { user, session } = await openCheckout('threeds');
    const first = await payWithCard(session.url, '4000002500003155');
    expect(first.status).toBe(303);
    const challenge = new URL(first.headers.get('location')!, stack.stripeUrl).toString();
    expect(await (await fetch(challenge)).text()).toContain('Complete authentication');
    const failed = await fetch(challenge, { method: 'POST', body: new URLSearchParams({ outcome: 'fail' }), redirect: 'manual' });
    expect(failed.status).toBe(402);
    expect(await failed.text()).toContain('We are unable to authenticate your payment method');
    await deliveriesDone(stack);
    expect(await planOf(user)).toBe('free');
    const again = await payWithCard(session.url, '4000002500003155');
    const done = await fetch(new URL(again.headers.get('location')!, stack.stripeUrl), { method: 'POST', body: new URLSearchParams({ outcome: 'complete' }), redirect: 'manual' });
    expect(done.status).toBe(303);
    await deliveriesDone(stack);
    expect(await planOf(user)).toBe('plus');
  });

  test('a replayed webhook and one with a bad or old signature change nothing', async () => {
    const { user, session } = await openCheckout('replay');
    await payWithCard(session.url, '4242424242424242');
    await deliveriesDone(stack);
    const row = await subscriptionRow(user);
    expect(row?.plan_id).toBe('plus');
    const events = await stripe.events.list({ type: 'checkout.session.completed', limit: 100 });
    const event = events.data.find((e) => (e.data.object as Stripe.Checkout.Session).id === session.id)!;
    expect(event).toBeDefined();
    const countEvents = async () => (await stack.db.admin((q) => q.query<{ n: number }>('select count(*)::int as n from public.stripe_events'))).rows[0].n;
    const eventsBefore = await countEvents();

    // Stripe's "resend": same event id, fresh signature.
    expect((await fetch(`${stack.stripeUrl}/__emulator/events/${event.id}/resend`, { method: 'POST' })).status).toBe(200);
    await deliveriesDone(stack);
    expect(await subscriptionRow(user)).toEqual(row);
    expect(await countEvents()).toBe(eventsBefore);

    const webhook = `${stack.url}/functions/v1/stripe-webhook`;
    const secret = stack.config.stripe!.webhookSecret;
    const replay = await fetch(webhook, { method: 'POST', headers: { 'stripe-signature': signed(JSON.stringify(event), secret), 'content-type': 'application/json' }, body: JSON.stringify(event) });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });

    // A forged "subscription deleted" event: wrong secret, then right secret but an hour old, then no signature.
    const sub = await stripe.subscriptions.retrieve(row!.stripe_subscription_id);
    const forged = JSON.stringify({ ...event, id: `evt_forged_${randomUUID()}`, type: 'customer.subscription.deleted', data: { object: { ...sub, status: 'canceled' } } });
    const wrong = await fetch(webhook, { method: 'POST', headers: { 'stripe-signature': signed(forged, 'whsec_not_the_secret') }, body: forged });
    expect(wrong.status).toBe(400);
    const old = await fetch(webhook, { method: 'POST', headers: { 'stripe-signature': signed(forged, secret, Math.floor(Date.now() / 1000) - 3600) }, body: forged });
    expect(old.status).toBe(400);
    const none = await fetch(webhook, { method: 'POST', body: forged });
    expect(none.status).toBe(400);
    expect(await subscriptionRow(user)).toEqual(row);
    expect(await countEvents()).toBe(eventsBefore);
    // The person cannot write their plan themselves either.
    await user.client.from('subscriptions').update({ plan_id: 'family' }).eq('user_id', user.id);
    expect((await subscriptionRow(user))?.plan_id).toBe('plus');
  });

  test('cancel at period end, resume, cancel again; time passes and the plan returns to Free; another person renews', async () => {
    const { user, session } = await openCheckout('leaver');
    await payWithCard(session.url, '4242424242424242');
    const stayer = await openCheckout('stayer');
    await payWithCard(stayer.session.url, '4242424242424242');
    await deliveriesDone(stack);

    const cancelled = await invoke<{ cancel_at_period_end: boolean }>(user, 'manage-subscription', { action: 'cancel' });
    expect(cancelled.data.cancel_at_period_end).toBe(true);
    await deliveriesDone(stack);
    expect(await subscriptionRow(user)).toMatchObject({ plan_id: 'plus', status: 'active', cancel_at_period_end: true });
    expect(await planOf(user)).toBe('plus');
    await invoke(user, 'manage-subscription', { action: 'resume' });
    await deliveriesDone(stack);
    expect((await subscriptionRow(user))?.cancel_at_period_end).toBe(false);
    await invoke(user, 'manage-subscription', { action: 'cancel' });

    const moved = await fetch(`${stack.stripeUrl}/__emulator/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seconds: 32 * 86400 }) });
    expect(moved.status).toBe(200);
    await deliveriesDone(stack);
    expect(await subscriptionRow(user)).toMatchObject({ status: 'canceled' });
    expect(await planOf(user)).toBe('free');
    expect((await invoke(user, 'manage-subscription', { action: 'resume' })).status).toBe(404);

    expect(await planOf(stayer.user)).toBe('plus');
    const history = await stayer.user.client.from('invoices').select('status').order('created_at');
    expect(history.data?.map((i) => i.status)).toEqual(['paid', 'paid']);
  });
});
