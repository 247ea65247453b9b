import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { type BillingState, type StripeObject, kindOf, newId, publicView } from './billing.js';
import { StripeApiError, missingParam, noSuch, unknownRoute } from './errors.js';
import { FormError, type FormObject, type FormValue, parseStripeForm } from './form.js';
import { newWebhookSecret, type WebhookDispatcher } from './webhooks.js';

interface Stored {
  fingerprint: string;
  status: number;
  body: unknown;
}

type Handler = (params: FormObject, c: Context) => StripeObject | { object: 'list'; data: StripeObject[]; [k: string]: unknown };

/** `expand[]` paths: `subscription`, `line_items`, `data.customer`, `items.data.price.product`, … */
function expand(state: BillingState, value: unknown, paths: string[]): unknown {
  if (paths.length === 0 || value === null || typeof value !== 'object') return value;
  const target = value as Record<string, unknown>;
  const byHead = new Map<string, string[]>();
  for (const p of paths) {
    const [head, ...rest] = p.split('.');
    const list = byHead.get(head) ?? [];
    if (rest.length) list.push(rest.join('.'));
    byHead.set(head, list);
  }
  for (const [head, rest] of byHead) {
    if (head === 'data' && Array.isArray(target.data)) {
      target.data = target.data.map((item) => expand(state, item, rest));
      continue;
    }
    if (head === 'line_items' && target.object === 'checkout.session') {
      const items = state.lineItems.get(String(target.id)) ?? [];
      target.line_items = expand(state, { object: 'list', data: structuredClone(items), has_more: false, url: `/v1/checkout/sessions/${String(target.id)}/line_items` }, rest);
      continue;
    }
    const field = target[head];
    if (typeof field === 'string' && kindOf(field)) {
      const found = state.objects.get(field);
      if (!found) throw noSuch(kindOf(field)!, field);
      target[head] = expand(state, publicView(structuredClone(found)), rest);
    } else if (field && typeof field === 'object') {
      target[head] = expand(state, field, rest);
    } else if (field === undefined) {
      throw new StripeApiError(400, 'invalid_request_error', `This property cannot be expanded (${head}).`, { param: 'expand' });
    }
  }
  return target;
}

function expandPaths(params: FormObject): string[] {
  const e = params.expand as FormValue | undefined;
  if (e === undefined) return [];
  const list = Array.isArray(e) ? e : typeof e === 'object' ? Object.values(e) : [e];
  return list.filter((x): x is string => typeof x === 'string');
}

function listOf(data: StripeObject[], params: FormObject, url: string) {
  const limit = Math.min(100, Math.max(1, Number(typeof params.limit === 'string' ? params.limit : 10) || 10));
  let start = 0;
  if (typeof params.starting_after === 'string') {
    const i = data.findIndex((o) => o.id === params.starting_after);
    start = i >= 0 ? i + 1 : 0;
  }
  const page = data.slice(start, start + limit).map((o) => publicView(structuredClone(o)));
  return { object: 'list' as const, data: page, has_more: start + limit < data.length, url };
}

const s = (v: FormValue | undefined) => (typeof v === 'string' ? v : undefined);

/**
 * The /v1 REST API the `stripe` SDK calls: secret-key auth (`Authorization: Bearer sk_…`),
 * form-encoded bodies with bracket nesting, `expand[]`, idempotency keys (the same key with the
 * same parameters replays the first answer; with other parameters it is an idempotency_error) and
 * Stripe's error JSON.
 */
export function registerApi(app: Hono, state: BillingState, webhooks: WebhookDispatcher, secretKey: () => string): void {
  const idempotency = new Map<string, Stored>();

  const handle = (fn: Handler) => async (c: Context) => {
    const requestId = newId('req_', 14);
    c.header('Request-Id', requestId);
    c.header('Stripe-Version', c.req.header('stripe-version') ?? '2026-10-28.endive');
    try {
      const auth = c.req.header('authorization') ?? '';
      const key = /^bearer\s+(.+)$/i.exec(auth)?.[1]?.trim() ?? (/^basic\s+(.+)$/i.exec(auth) ? Buffer.from(/^basic\s+(.+)$/i.exec(auth)![1], 'base64').toString().split(':')[0] : '');
      if (!key) {
        throw new StripeApiError(401, 'invalid_request_error', "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').");
      }
      if (key !== secretKey()) {
        throw new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`, { code: 'api_key_invalid' } as never);
      }
      const method = c.req.method;
      const query = new URL(c.req.url).search.slice(1);
      const bodyText = method === 'POST' ? await c.req.text() : '';
      let params: FormObject;
      try {
        params = parseStripeForm(method === 'POST' ? bodyText : query);
        if (method === 'POST' && query) Object.assign(params, parseStripeForm(query));
      } catch (e) {
        if (e instanceof FormError) throw new StripeApiError(400, 'invalid_request_error', e.message);
        throw e;
      }
      const idemKey = method === 'POST' ? c.req.header('idempotency-key') : undefined;
      const fingerprint = createHash('sha256').update(`${method} ${c.req.path}\n${bodyText}`).digest('hex');
      if (idemKey) {
        const stored = idempotency.get(`${key}:${idemKey}`);
        if (stored) {
          if (stored.fingerprint !== fingerprint) {
            throw new StripeApiError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`);
          }
          c.header('Idempotent-Replayed', 'true');
          c.header('Idempotency-Key', idemKey);
          return c.json(stored.body as object, stored.status as 200);
        }
      }
      let status = 200;
      let body: unknown;
      try {
        const result = fn(params, c);
        body = expand(state, publicView(structuredClone(result) as StripeObject), expandPaths(params));
      } catch (e) {
        if (!(e instanceof StripeApiError)) throw e;
        status = e.status;
        body = e.body(requestId);
      }
      if (idemKey && status < 500) {
        idempotency.set(`${key}:${idemKey}`, { fingerprint, status, body });
        c.header('Idempotency-Key', idemKey);
      }
      return c.json(body as object, status as 200);
    } catch (e) {
      const err = e instanceof StripeApiError ? e : new StripeApiError(500, 'api_error', `An unexpected error occurred in the local Stripe emulator: ${(e as Error).message}`);
      return c.json(err.body(requestId), err.status);
    }
  };

  // Customers
  app.post('/v1/customers', handle((p) => state.createCustomer(p)));
  app.get('/v1/customers', handle((p) => listOf(state.list('customer', (o) => !s(p.email) || o.email === s(p.email)), p, '/v1/customers')));
  app.get('/v1/customers/:id', handle((_p, c) => state.get(c.req.param('id') ?? '', 'customer')));
  app.post('/v1/customers/:id', handle((p, c) => state.updateCustomer(c.req.param('id') ?? '', p)));

  // Checkout Sessions
  app.post('/v1/checkout/sessions', handle((p) => state.createCheckoutSession(p)));
  app.get(
    '/v1/checkout/sessions',
    handle((p) =>
      listOf(
        state.list('checkout.session', (o) => (!s(p.customer) || o.customer === s(p.customer)) && (!s(p.subscription) || o.subscription === s(p.subscription)) && (!s(p.status) || o.status === s(p.status))),
        p,
        '/v1/checkout/sessions',
      ),
    ),
  );
  app.get('/v1/checkout/sessions/:id', handle((_p, c) => state.session(c.req.param('id') ?? '')));
  app.post('/v1/checkout/sessions/:id/expire', handle((_p, c) => state.expireSession(c.req.param('id') ?? '')));
  app.get(
    '/v1/checkout/sessions/:id/line_items',
    handle((p, c) => {
      const id = c.req.param('id') ?? '';
      state.session(id);
      return listOf(state.lineItems.get(id) ?? [], p, `/v1/checkout/sessions/${id}/line_items`);
    }),
  );

  // Subscriptions
  app.get(
    '/v1/subscriptions',
    handle((p) => {
      const status = s(p.status);
      return listOf(
        state.list('subscription', (o) => (!s(p.customer) || o.customer === s(p.customer)) && (status === 'all' ? true : status ? o.status === status : o.status !== 'canceled')),
        p,
        '/v1/subscriptions',
      );
    }),
  );
  app.get('/v1/subscriptions/:id', handle((_p, c) => state.subscription(c.req.param('id') ?? '')));
  app.post('/v1/subscriptions/:id', handle((p, c) => state.updateSubscription(c.req.param('id') ?? '', p)));
  app.delete('/v1/subscriptions/:id', handle((_p, c) => state.cancelSubscription(c.req.param('id') ?? '')));

  // Invoices
  app.get(
    '/v1/invoices',
    handle((p) =>
      listOf(
        state.list(
          'invoice',
          (o) =>
            (!s(p.customer) || o.customer === s(p.customer)) &&
            (!s(p.subscription) || (o.parent as { subscription_details?: { subscription?: string } })?.subscription_details?.subscription === s(p.subscription)) &&
            (!s(p.status) || o.status === s(p.status)),
        ),
        p,
        '/v1/invoices',
      ),
    ),
  );
  app.get('/v1/invoices/:id', handle((_p, c) => state.get(c.req.param('id') ?? '', 'invoice')));

  // Prices and products (read)
  app.get('/v1/prices/:id', handle((_p, c) => state.get(c.req.param('id') ?? '', 'price')));
  app.get('/v1/products/:id', handle((_p, c) => state.get(c.req.param('id') ?? '', 'product')));

  // Billing portal
  app.post('/v1/billing_portal/sessions', handle((p) => state.createPortalSession(p)));

  // Events
  app.get('/v1/events', handle((p) => listOf([...state.events].reverse().filter((e) => !s(p.type) || e.type === s(p.type)), p, '/v1/events')));
  app.get(
    '/v1/events/:id',
    handle((_p, c) => {
      const id = c.req.param('id') ?? '';
      const event = state.events.find((e) => e.id === id);
      if (!event) throw noSuch('event', id);
      return event;
    }),
  );

  // Webhook endpoints
  app.post(
    '/v1/webhook_endpoints',
    handle((p) => {
      const url = s(p.url);
      if (!url) throw missingParam('url');
      const events = p.enabled_events;
      const enabled = (Array.isArray(events) ? events : typeof events === 'string' ? [events] : []).filter((x): x is string => typeof x === 'string');
      if (enabled.length === 0) throw missingParam('enabled_events');
      const endpoint = { id: newId('we_'), url, secret: newWebhookSecret(), enabledEvents: enabled };
      webhooks.endpoints.set(endpoint.id, endpoint);
      return endpointView(endpoint, state.now(), true);
    }),
  );
  app.get('/v1/webhook_endpoints', handle((p) => listOf([...webhooks.endpoints.values()].map((e) => endpointView(e, state.now(), false)), p, '/v1/webhook_endpoints')));
  app.delete(
    '/v1/webhook_endpoints/:id',
    handle((_p, c) => {
      const id = c.req.param('id') ?? '';
      if (!webhooks.endpoints.delete(id)) throw noSuch('webhook_endpoint', id);
      return { id, object: 'webhook_endpoint', deleted: true };
    }),
  );

  app.all('/v1/*', handle((_p, c) => {
    throw unknownRoute(c.req.method, c.req.path);
  }));
}

function endpointView(e: { id: string; url: string; secret: string; enabledEvents: string[] }, created: number, withSecret: boolean): StripeObject {
  return {
    id: e.id,
    object: 'webhook_endpoint',
    api_version: null,
    created,
    enabled_events: e.enabledEvents,
    livemode: false,
    metadata: {},
    status: 'enabled',
    url: e.url,
    ...(withSecret ? { secret: e.secret } : {}),
  };
}
