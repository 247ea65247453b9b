import { randomBytes } from 'node:crypto';
import type { AccountStore } from './account-store.js';
import { StripeApiError, invalidParam, missingParam, noSuch } from './errors.js';
import type { FormObject, FormValue } from './form.js';

/** Any Stripe object as the API returns it. */
export type StripeObject = { id: string; object: string; [key: string]: unknown };

export interface StripeEvent extends StripeObject {
  type: string;
  created: number;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Stripe-looking ids: `cus_` + 14 characters, `cs_test_` + 58, … */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}${out}`;
}

const KIND_BY_PREFIX: Array<[string, string]> = [
  ['cs_', 'checkout.session'],
  ['cus_', 'customer'],
  ['sub_', 'subscription'],
  ['in_', 'invoice'],
  ['price_', 'price'],
  ['prod_', 'product'],
  ['evt_', 'event'],
  ['bps_', 'billing_portal.session'],
  ['we_', 'webhook_endpoint'],
];

/** Which collection an id belongs to, from its prefix. */
export function kindOf(id: string): string | null {
  return KIND_BY_PREFIX.find(([p]) => id.startsWith(p))?.[1] ?? null;
}

const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: FormValue | undefined): FormObject | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? v : undefined);
const bool = (v: FormValue | undefined): boolean | undefined => (v === 'true' ? true : v === 'false' ? false : undefined);

function metadataOf(v: FormValue | undefined): Record<string, string> {
  const o = obj(v);
  if (!o) return {};
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(o)) if (typeof val === 'string' && val !== '') out[k] = val;
  return out;
}

function intParam(v: FormValue | undefined, param: string): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^\d+$/.test(v)) throw invalidParam(param, `Invalid integer: ${String(v)}`);
  return Number(v);
}

/** The next period end: calendar months or years, as Stripe bills. */
export function addInterval(start: number, interval: string, count = 1): number {
  const d = new Date(start * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + count);
  else if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7 * count);
  else if (interval === 'day') d.setUTCDate(d.getUTCDate() + count);
  else d.setUTCMonth(d.getUTCMonth() + count);
  return Math.floor(d.getTime() / 1000);
}

/**
 * The emulator's account: its objects (customers, products, prices, checkout sessions,
 * subscriptions, invoices, portal sessions, webhook endpoints, events), a clock that tests move
 * forward, and the rules that turn a payment into a subscription and a passing period into a
 * renewal or an end. Every change is saved to `store` (when given) so a restart keeps the account.
 */
export class BillingState {
  offsetSeconds = 0;
  readonly objects = new Map<string, StripeObject>();
  /** Checkout session id → its line items (only returned when asked for). */
  readonly lineItems = new Map<string, StripeObject[]>();
  events: StripeEvent[] = [];
  private invoiceCounter = 0;
  /** Called for each new event (webhook delivery). */
  onEvent: (event: StripeEvent) => void = () => undefined;

  constructor(
    private readonly store: AccountStore | null,
    private readonly publicUrl: () => string,
  ) {
    const data = store?.load();
    if (data) {
      this.offsetSeconds = data.offsetSeconds ?? 0;
      for (const o of data.objects ?? []) this.objects.set(o.id, o);
      for (const [k, v] of Object.entries(data.lineItems ?? {})) this.lineItems.set(k, v);
      this.events = data.events ?? [];
      this.invoiceCounter = data.invoiceCounter ?? 0;
    }
  }

  now(): number {
    return Math.floor(Date.now() / 1000) + this.offsetSeconds;
  }

  save(): void {
    this.store?.save({
      offsetSeconds: this.offsetSeconds,
      objects: [...this.objects.values()],
      lineItems: Object.fromEntries(this.lineItems),
      events: this.events.slice(-500),
      invoiceCounter: this.invoiceCounter,
    });
  }

  reset(): void {
    this.offsetSeconds = 0;
    this.objects.clear();
    this.lineItems.clear();
    this.events = [];
    this.invoiceCounter = 0;
    this.save();
  }

  get<T extends StripeObject = StripeObject>(id: string, kind: string): T {
    const o = this.objects.get(id);
    if (!o || o.object !== kind || o.deleted === true) throw noSuch(kind, id);
    return o as T;
  }

  list(kind: string, filter: (o: StripeObject) => boolean = () => true): StripeObject[] {
    return [...this.objects.values()].filter((o) => o.object === kind && o.deleted !== true && filter(o)).sort((a, b) => Number(b.created) - Number(a.created));
  }

  private put<T extends StripeObject>(o: T): T {
    this.objects.set(o.id, o);
    return o;
  }

  emit(type: string, object: StripeObject, previous?: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt_'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: this.now(),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.push(event);
    this.onEvent(event);
    return event;
  }

  // --- customers -------------------------------------------------------------------------------

  createCustomer(params: FormObject): StripeObject {
    const customer = this.put({
      id: newId('cus_', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: this.now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: str(params.description) ?? null,
      email: str(params.email) ?? null,
      invoice_prefix: newId('', 8).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: metadataOf(params.metadata),
      name: str(params.name) ?? null,
      phone: str(params.phone) ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    });
    this.emit('customer.created', customer);
    this.save();
    return customer;
  }

  updateCustomer(id: string, params: FormObject): StripeObject {
    const customer = this.get(id, 'customer');
    const previous: Record<string, unknown> = {};
    for (const field of ['email', 'name', 'description', 'phone']) {
      const v = str(params[field]);
      if (v !== undefined) {
        previous[field] = customer[field];
        customer[field] = v === '' ? null : v;
      }
    }
    if (params.metadata !== undefined) {
      previous.metadata = customer.metadata;
      customer.metadata = { ...(customer.metadata as object), ...metadataOf(params.metadata) };
    }
    this.emit('customer.updated', customer, previous);
    this.save();
    return customer;
  }

  // --- prices ----------------------------------------------------------------------------------

  private priceFrom(item: FormObject, index: number, mode: string): StripeObject {
    const priceId = str(item.price);
    if (priceId) return this.get(priceId, 'price');
    const data = obj(item.price_data);
    if (!data) throw missingParam(`line_items[${index}][price]`);
    const currency = str(data.currency);
    if (!currency) throw missingParam(`line_items[${index}][price_data][currency]`);
    const amount = intParam(data.unit_amount, `line_items[${index}][price_data][unit_amount]`);
    if (amount === undefined) throw missingParam(`line_items[${index}][price_data][unit_amount]`);
    const recurring = obj(data.recurring);
    if (mode === 'subscription' && !recurring) {
      throw invalidParam(`line_items[${index}][price_data][recurring]`, 'You must specify `recurring` in `price_data` when in `subscription` mode.');
    }
    let productId = str(data.product);
    if (productId) this.get(productId, 'product');
    else {
      const pd = obj(data.product_data);
      const name = str(pd?.name);
      if (!name) throw missingParam(`line_items[${index}][price_data][product_data][name]`);
      productId = this.put({
        id: newId('prod_', 14),
        object: 'product',
        active: true,
        created: this.now(),
        description: str(pd?.description) ?? null,
        livemode: false,
        metadata: metadataOf(pd?.metadata),
        name,
        updated: this.now(),
      }).id;
    }
    const interval = str(recurring?.interval);
    if (recurring && !['day', 'week', 'month', 'year'].includes(interval ?? '')) {
      throw invalidParam(`line_items[${index}][price_data][recurring][interval]`, 'Invalid recurring[interval]: must be one of day, week, month, or year');
    }
    return this.put({
      id: newId('price_'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: this.now(),
      currency: currency.toLowerCase(),
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: productId,
      recurring: recurring ? { interval, interval_count: intParam(recurring.interval_count, 'interval_count') ?? 1, usage_type: 'licensed', meter: null } : null,
      tax_behavior: 'unspecified',
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    });
  }

  // --- checkout --------------------------------------------------------------------------------

  createCheckoutSession(params: FormObject): StripeObject {
    const mode = str(params.mode);
    if (!mode) throw missingParam('mode');
    if (mode !== 'subscription' && mode !== 'payment') throw invalidParam('mode', `Invalid mode: ${mode} (the local emulator supports subscription and payment)`);
    const successUrl = str(params.success_url);
    if (!successUrl) throw missingParam('success_url');
    const items = params.line_items;
    if (!Array.isArray(items) || items.length === 0) throw missingParam('line_items');
    const customerId = str(params.customer);
    if (customerId) this.get(customerId, 'customer');
    const id = newId('cs_test_', 58);
    const lines = items.map((raw, i) => {
      const item = obj(raw);
      if (!item) throw missingParam(`line_items[${i}]`);
      const price = this.priceFrom(item, i, mode);
      const quantity = intParam(item.quantity, `line_items[${i}][quantity]`) ?? 1;
      const product = this.get(String(price.product), 'product');
      const amount = Number(price.unit_amount) * quantity;
      return {
        id: newId('li_'),
        object: 'item',
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency: price.currency,
        description: product.name,
        price,
        quantity,
      } as StripeObject;
    });
    const currencies = new Set(lines.map((l) => l.currency));
    if (currencies.size > 1) throw invalidParam('line_items', 'All line items must use the same currency.');
    const total = lines.reduce((s, l) => s + Number(l.amount_total), 0);
    this.lineItems.set(id, lines);
    const expiresAt = intParam(params.expires_at, 'expires_at') ?? this.now() + 24 * 3600;
    const session = this.put({
      id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: total,
      amount_total: total,
      billing_address_collection: null,
      cancel_url: str(params.cancel_url) ?? null,
      client_reference_id: str(params.client_reference_id) ?? null,
      created: this.now(),
      currency: [...currencies][0],
      customer: customerId ?? null,
      customer_creation: customerId ? null : 'always',
      customer_details: null,
      customer_email: str(params.customer_email) ?? null,
      expires_at: expiresAt,
      invoice: null,
      livemode: false,
      locale: str(params.locale) ?? null,
      metadata: metadataOf(params.metadata),
      mode,
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: successUrl,
      ui_mode: 'hosted',
      url: `${this.publicUrl()}/c/pay/${id}`,
      // Kept for the subscription Checkout creates (not part of the session object Stripe returns).
      _subscription_metadata: metadataOf(obj(params.subscription_data)?.metadata),
    });
    this.save();
    return publicView(session);
  }

  session(id: string): StripeObject {
    return this.get(id, 'checkout.session');
  }

  expireSession(id: string): StripeObject {
    const session = this.session(id);
    if (session.status !== 'open') {
      throw new StripeApiError(400, 'invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`, { code: 'checkout_session_not_expirable' } as never);
    }
    session.status = 'expired';
    session.url = null;
    this.emit('checkout.session.expired', publicView(session));
    this.save();
    return publicView(session);
  }

  /** The card was accepted (and authenticated when it asked to be): customer, subscription, invoice. */
  completeCheckout(id: string, details: { email: string | null; name: string | null; last4: string; brand: string }): StripeObject {
    const session = this.session(id);
    if (session.status !== 'open') throw new StripeApiError(400, 'invalid_request_error', `This Checkout Session is no longer open (status: ${String(session.status)}).`);
    const email = (session.customer_email as string | null) ?? details.email;
    let customer: StripeObject;
    if (session.customer) customer = this.get(String(session.customer), 'customer');
    else customer = this.createCustomer({ email: email ?? '', name: details.name ?? '' });
    const paymentMethod = {
      id: newId('pm_'),
      object: 'payment_method',
      type: 'card',
      card: { brand: details.brand, last4: details.last4, exp_month: 12, exp_year: 2034 },
    };
    (customer.invoice_settings as Record<string, unknown>).default_payment_method = paymentMethod.id;
    customer._card = paymentMethod.card;
    const lines = this.lineItems.get(id) ?? [];
    session.customer = customer.id;
    session.customer_details = { email: email ?? customer.email, name: details.name, address: null, phone: null, tax_exempt: 'none', tax_ids: [] };
    if (session.mode === 'subscription') {
      const sub = this.createSubscription(customer, lines, (session._subscription_metadata as Record<string, string>) ?? {});
      const invoice = this.createPaidInvoice(sub, 'subscription_create');
      session.subscription = sub.id;
      session.invoice = invoice.id;
    } else {
      session.payment_intent = newId('pi_');
    }
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    this.emit('checkout.session.completed', publicView(session));
    this.save();
    return publicView(session);
  }

  // --- subscriptions ---------------------------------------------------------------------------

  private createSubscription(customer: StripeObject, lines: StripeObject[], metadata: Record<string, string>): StripeObject {
    const now = this.now();
    const id = newId('sub_');
    const interval = String(((lines[0]?.price as StripeObject)?.recurring as Record<string, unknown>)?.interval ?? 'month');
    const end = addInterval(now, interval);
    const sub = this.put({
      id,
      object: 'subscription',
      automatic_tax: { enabled: false, liability: null },
      billing_cycle_anchor: now,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: lines[0]?.currency ?? 'eur',
      customer: customer.id,
      default_payment_method: (customer.invoice_settings as Record<string, unknown>).default_payment_method,
      description: null,
      ended_at: null,
      items: {
        object: 'list',
        data: lines.map((l) => ({
          id: newId('si_', 14),
          object: 'subscription_item',
          created: now,
          current_period_end: end,
          current_period_start: now,
          metadata: {},
          price: l.price,
          quantity: l.quantity,
          subscription: id,
        })),
        has_more: false,
        total_count: lines.length,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata,
      start_date: now,
      status: 'active',
      test_clock: null,
      trial_end: null,
      trial_start: null,
    });
    this.emit('customer.subscription.created', sub);
    return sub;
  }

  subscription(id: string): StripeObject {
    return this.get(id, 'subscription');
  }

  private items(sub: StripeObject): Array<Record<string, unknown>> {
    return (sub.items as { data: Array<Record<string, unknown>> }).data;
  }

  periodEnd(sub: StripeObject): number {
    return Number(this.items(sub)[0]?.current_period_end ?? 0);
  }

  updateSubscription(id: string, params: FormObject): StripeObject {
    const sub = this.subscription(id);
    const previous: Record<string, unknown> = {};
    const cancel = bool(params.cancel_at_period_end);
    if (params.cancel_at_period_end !== undefined && cancel === undefined) throw invalidParam('cancel_at_period_end', 'Invalid boolean: ' + String(params.cancel_at_period_end));
    if (sub.status === 'canceled' && (cancel !== undefined || params.items !== undefined)) {
      throw new StripeApiError(400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_details and metadata.');
    }
    if (cancel !== undefined && cancel !== sub.cancel_at_period_end) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      previous.cancel_at = sub.cancel_at;
      previous.canceled_at = sub.canceled_at;
      sub.cancel_at_period_end = cancel;
      sub.cancel_at = cancel ? this.periodEnd(sub) : null;
      sub.canceled_at = cancel ? this.now() : null;
      sub.cancellation_details = { comment: null, feedback: null, reason: cancel ? 'cancellation_requested' : null };
    }
    if (params.metadata !== undefined) {
      previous.metadata = sub.metadata;
      sub.metadata = { ...(sub.metadata as object), ...metadataOf(params.metadata) };
    }
    if (Object.keys(previous).length > 0) this.emit('customer.subscription.updated', sub, previous);
    this.save();
    return sub;
  }

  cancelSubscription(id: string): StripeObject {
    const sub = this.subscription(id);
    if (sub.status === 'canceled') {
      throw new StripeApiError(404, 'invalid_request_error', `No such subscription: '${id}'`, { code: 'resource_missing', param: 'id' });
    }
    this.end(sub, this.now());
    this.save();
    return sub;
  }

  private end(sub: StripeObject, at: number): void {
    sub.status = 'canceled';
    sub.ended_at = at;
    sub.canceled_at = (sub.canceled_at as number | null) ?? at;
    this.emit('customer.subscription.deleted', sub);
  }

  // --- invoices --------------------------------------------------------------------------------

  private createPaidInvoice(sub: StripeObject, reason: 'subscription_create' | 'subscription_cycle'): StripeObject {
    const items = this.items(sub);
    const start = Number(items[0].current_period_start);
    const end = Number(items[0].current_period_end);
    const customer = this.get(String(sub.customer), 'customer');
    const id = newId('in_');
    const lines = items.map((it) => {
      const price = it.price as StripeObject;
      const product = this.objects.get(String(price.product));
      const amount = Number(price.unit_amount) * Number(it.quantity ?? 1);
      return {
        id: newId('il_'),
        object: 'line_item',
        amount,
        currency: price.currency,
        description: `${String(it.quantity ?? 1)} × ${String(product?.name ?? 'Plan')} (at ${formatAmount(Number(price.unit_amount), String(price.currency))} / ${String((price.recurring as Record<string, unknown>)?.interval ?? 'month')})`,
        invoice: id,
        livemode: false,
        metadata: {},
        period: { start, end },
        pricing: { type: 'price_details', price_details: { price: price.id, product: price.product }, unit_amount_decimal: String(price.unit_amount) },
        quantity: it.quantity ?? 1,
      };
    });
    const total = lines.reduce((s, l) => s + l.amount, 0);
    this.invoiceCounter += 1;
    const now = this.now();
    const invoice = this.put({
      id,
      object: 'invoice',
      account_country: 'DE',
      amount_due: total,
      amount_paid: total,
      amount_remaining: 0,
      attempt_count: 1,
      attempted: true,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now,
      currency: sub.currency,
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name,
      hosted_invoice_url: `${this.publicUrl()}/i/${id}`,
      invoice_pdf: `${this.publicUrl()}/i/${id}/pdf`,
      lines: { object: 'list', data: lines, has_more: false, total_count: lines.length, url: `/v1/invoices/${id}/lines` },
      livemode: false,
      metadata: {},
      number: `${String(customer.invoice_prefix)}-${String(this.invoiceCounter).padStart(4, '0')}`,
      paid: true,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: sub.metadata, subscription: sub.id } },
      period_end: end,
      period_start: start,
      status: 'paid',
      status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: now, voided_at: null },
      subtotal: total,
      total,
    });
    sub.latest_invoice = invoice.id;
    this.emit('invoice.created', invoice);
    this.emit('invoice.finalized', invoice);
    this.emit('invoice.paid', invoice);
    this.emit('invoice.payment_succeeded', invoice);
    return invoice;
  }

  // --- billing portal --------------------------------------------------------------------------

  createPortalSession(params: FormObject): StripeObject {
    const customerId = str(params.customer);
    if (!customerId) throw missingParam('customer');
    this.get(customerId, 'customer');
    const id = newId('bps_');
    const session = this.put({
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_local',
      created: this.now(),
      customer: customerId,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: str(params.return_url) ?? null,
      url: `${this.publicUrl()}/p/session/${id}`,
    });
    this.save();
    return session;
  }

  // --- the clock -------------------------------------------------------------------------------

  /**
   * Moves the account's clock forward: open checkout sessions past expires_at expire, and every
   * live subscription whose period has ended either ends (cancel_at_period_end) or renews with a
   * paid invoice, period after period, until its period end is in the future.
   */
  advance(seconds: number): number {
    if (!Number.isFinite(seconds) || seconds < 0) throw invalidParam('seconds', 'seconds must be a positive number');
    this.offsetSeconds += Math.floor(seconds);
    const now = this.now();
    for (const session of this.list('checkout.session', (s) => s.status === 'open' && Number(s.expires_at) <= now)) {
      session.status = 'expired';
      session.url = null;
      this.emit('checkout.session.expired', publicView(session));
    }
    for (const sub of this.list('subscription', (s) => ['active', 'trialing', 'past_due'].includes(String(s.status)))) {
      let guard = 0;
      while (sub.status !== 'canceled' && this.periodEnd(sub) <= now && guard++ < 1000) {
        const end = this.periodEnd(sub);
        if (sub.cancel_at_period_end) {
          this.end(sub, end);
          break;
        }
        const previous = { items: structuredClone(sub.items) };
        const interval = String(((this.items(sub)[0].price as StripeObject).recurring as Record<string, unknown>)?.interval ?? 'month');
        for (const item of this.items(sub)) {
          item.current_period_start = end;
          item.current_period_end = addInterval(end, interval);
        }
        this.createPaidInvoice(sub, 'subscription_cycle');
        this.emit('customer.subscription.updated', sub, previous);
      }
    }
    this.save();
    return now;
  }
}

/** A session as the API shows it (without the emulator's private fields). */
export function publicView(o: StripeObject): StripeObject {
  const out: StripeObject = { ...o };
  for (const k of Object.keys(out)) if (k.startsWith('_')) delete out[k];
  return out;
}

export function formatAmount(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-IE', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
