// Stripe emulator pieces on their own: the form encoding the SDK writes, webhook signatures the
// SDK accepts, delivery retries, test cards, and the clock's renewals.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { JsonFileAccountStore } from '../src/stripe/account-store.js';
import { parseStripeForm } from '../src/stripe/form.js';
import { BillingState, addInterval, type StripeEvent } from '../src/stripe/billing.js';
import { checkCard } from '../src/stripe/hosted-pages.js';
import { WebhookDispatcher, signPayload } from '../src/stripe/webhooks.js';

const stripe = new Stripe('sk_test_x');

describe('form encoding', () => {
  it("reads the SDK's nested brackets, indexed and appended arrays", () => {
    const body =
      'mode=subscription&line_items[0][quantity]=1&line_items[0][price_data][currency]=eur&line_items[0][price_data][recurring][interval]=month' +
      '&metadata[user_id]=u1&expand[0]=customer&expand[1]=line_items&payment_method_types[]=card&success_url=http%3A%2F%2Fx%2F%3Fs%3D%7BCHECKOUT_SESSION_ID%7D';
    expect(parseStripeForm(body)).toEqual({
      mode: 'subscription',
      line_items: [{ quantity: '1', price_data: { currency: 'eur', recurring: { interval: 'month' } } }],
      metadata: { user_id: 'u1' },
      expand: ['customer', 'line_items'],
      payment_method_types: ['card'],
      success_url: 'http://x/?s={CHECKOUT_SESSION_ID}',
    });
  });

  it('refuses a malformed key', () => {
    expect(() => parseStripeForm('a]b=1')).toThrow(/Invalid parameter name/);
  });
});

describe('webhook signatures', () => {
  it('are what the SDK verifies; a wrong secret or an old timestamp is refused', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'ping', data: { object: {} } });
    const now = Math.floor(Date.now() / 1000);
    const header = signPayload(payload, 'whsec_abc', now);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(stripe.webhooks.constructEvent(payload, header, 'whsec_abc').id).toBe('evt_1');
    expect(header).toBe(stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_abc', timestamp: now }));
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow();
    expect(() => stripe.webhooks.constructEvent(payload, signPayload(payload, 'whsec_abc', now - 600), 'whsec_abc')).toThrow(/tolerance/);
  });

  it('are retried until the endpoint answers 2xx, with a fresh valid signature each time', async () => {
    const seen: Array<{ status: number; valid: boolean }> = [];
    let calls = 0;
    const server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        calls += 1;
        let valid = true;
        try {
          stripe.webhooks.constructEvent(body, String(req.headers['stripe-signature']), 'whsec_retry');
        } catch {
          valid = false;
        }
        const status = calls < 3 ? 500 : 200;
        seen.push({ status, valid });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const dispatcher = new WebhookDispatcher({ retryDelaysMs: [10, 10, 10], timestamp: () => Math.floor(Date.now() / 1000), log: () => undefined });
    dispatcher.endpoints.set('we_1', { id: 'we_1', url, secret: 'whsec_retry', enabledEvents: ['*'] });
    dispatcher.dispatch({ id: 'evt_r', object: 'event', type: 'invoice.paid', created: 1, data: { object: { id: 'in_1', object: 'invoice' } } } as StripeEvent);
    expect(await dispatcher.idle(5_000)).toBe(true);
    server.close();
    expect(seen).toEqual([
      { status: 500, valid: true },
      { status: 500, valid: true },
      { status: 200, valid: true },
    ]);
    expect(dispatcher.deliveries[0]).toMatchObject({ eventId: 'evt_r', state: 'delivered' });
    expect(dispatcher.deliveries[0].attempts).toHaveLength(3);
  });
});

describe('test cards', () => {
  const now = Math.floor(Date.UTC(2026, 10, 23) / 1000);
  const card = (number: string, expiry = '12 / 34', cvc = '123') => checkCard({ number, expiry, cvc }, now);
  it('follow Stripe’s documented outcomes', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ kind: 'succeeded', brand: 'visa' });
    expect(card('4000 0000 0000 0002')).toMatchObject({ kind: 'declined', message: 'Your card was declined.' });
    expect(card('4000 0025 0000 3155')).toEqual({ kind: 'authenticate', brand: 'visa' });
    expect(card('4242 4242 4242 4241')).toEqual({ kind: 'invalid', message: 'Your card number is invalid.' });
    expect(card('4242 4242 4242 4242', '01 / 20')).toEqual({ kind: 'invalid', message: "Your card's expiration year is in the past." });
    expect(card('4242 4242 4242 4242', '12 / 34', '1')).toEqual({ kind: 'invalid', message: "Your card's security code is incomplete." });
  });
});

describe('the clock', () => {
  it('adds calendar months, and renews a subscription once per period passed', () => {
    expect(new Date(addInterval(Date.UTC(2026, 0, 31) / 1000, 'month') * 1000).toISOString()).toBe('2026-03-03T00:00:00.000Z');
    const state = new BillingState(null, () => 'http://stripe.test');
    const events: string[] = [];
    state.onEvent = (e) => events.push(e.type);
    const session = state.createCheckoutSession(
      parseStripeForm('mode=subscription&success_url=http://x/&line_items[0][quantity]=1&line_items[0][price_data][currency]=eur&line_items[0][price_data][unit_amount]=399&line_items[0][price_data][recurring][interval]=month&line_items[0][price_data][product_data][name]=Plus'),
    );
    state.completeCheckout(session.id, { email: 'a@example.com', name: null, last4: '4242', brand: 'visa' });
    events.length = 0;
    state.advance(70 * 86400);
    expect(events.filter((t) => t === 'invoice.paid')).toHaveLength(2);
    expect(state.list('invoice')).toHaveLength(3);
    expect(state.list('subscription')[0].status).toBe('active');
  });
});

describe('the account on disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stripe-account-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('survives a restart: a new state on the same file has the customers, clock and events', () => {
    const file = path.join(dir, 'nested', 'account.json');
    const before = new BillingState(new JsonFileAccountStore(file), () => 'http://stripe.test');
    const customer = before.createCustomer(parseStripeForm('email=a%40example.com'));
    before.advance(3600);
    const after = new BillingState(new JsonFileAccountStore(file), () => 'http://stripe.test');
    expect(after.get(customer.id, 'customer')).toMatchObject({ email: 'a@example.com' });
    expect(after.offsetSeconds).toBe(3600);
    expect(after.events.map((e) => e.type)).toEqual(before.events.map((e) => e.type));
  });

  it('starts an empty account from an unreadable file, and replaces the file on the next change', () => {
    const file = path.join(dir, 'broken.json');
    writeFileSync(file, '{ not json');
    const state = new BillingState(new JsonFileAccountStore(file), () => 'http://stripe.test');
    expect(state.list('customer')).toEqual([]);
    state.createCustomer(parseStripeForm('email=b%40example.com'));
    expect(new JsonFileAccountStore(file).load()?.objects).toHaveLength(1);
  });
});
