import path from 'node:path';
import { Hono } from 'hono';
import type { StackContext } from '../context.js';
import { settingsOf, type StackSettings } from '../settings.js';
import { JsonFileAccountStore } from './account-store.js';
import { BillingState } from './billing.js';
import { registerApi } from './api.js';
import { registerHostedPages } from './hosted-pages.js';
import { WebhookDispatcher } from './webhooks.js';

export { BillingState, type StripeEvent, type StripeObject } from './billing.js';
export { WebhookDispatcher, signPayload } from './webhooks.js';
export { TEST_CARDS, checkCard } from './hosted-pages.js';

/** The emulator's keys; the Edge Functions get the same values in their environment. */
export interface StripeEmulatorKeys {
  secretKey: string;
  webhookSecret: string;
}

export interface StripeEmulator {
  app: Hono;
  state: BillingState;
  webhooks: WebhookDispatcher;
  stop(): void;
}

/** Retry back-off of webhook deliveries: STRIPE_EMULATOR_RETRY_DELAYS_MS="1000,5000,30000". */
function retryDelays(settings: StackSettings): number[] {
  const parsed = (settings.STRIPE_EMULATOR_RETRY_DELAYS_MS ?? []).map(Number).filter((n) => Number.isFinite(n) && n >= 0);
  return parsed.length ? parsed : [1_000, 5_000, 30_000, 120_000, 600_000];
}

/**
 * The Stripe-compatible emulator served on config.stripePort: the /v1 API subset the `stripe` SDK
 * uses for Checkout, Customers, Subscriptions, Invoices and the billing portal; hosted Checkout with
 * Stripe's test cards; signed webhooks (with retries) to the stack's `stripe-webhook` function; and
 * test controls under /__emulator (move the clock, wait for deliveries, resend an event).
 */
export function createStripeEmulator(ctx: StackContext, keys: StripeEmulatorKeys): StripeEmulator {
  const app = new Hono();
  const state = new BillingState(new JsonFileAccountStore(path.join(ctx.config.dataDir, 'stripe', 'account.json')), () => ctx.config.stripeUrl ?? '');
  const webhooks = new WebhookDispatcher({ retryDelaysMs: retryDelays(settingsOf(ctx.config)), timestamp: () => state.now(), log: ctx.log });
  webhooks.endpoints.set('we_local_functions', {
    id: 'we_local_functions',
    url: settingsOf(ctx.config).STRIPE_EMULATOR_WEBHOOK_URL ?? `${ctx.config.publicUrl}/functions/v1/stripe-webhook`,
    secret: keys.webhookSecret,
    enabledEvents: ['*'],
  });
  state.onEvent = (event) => webhooks.dispatch(event);

  registerApi(app, state, webhooks, () => keys.secretKey);
  registerHostedPages(app, state);

  // Test controls (like the Google emulator's /__emulator): loopback only, no key.
  const number = async (c: { req: { json(): Promise<unknown>; query(k: string): string | undefined } }, name: string): Promise<number> => {
    const q = c.req.query(name);
    if (q !== undefined) return Number(q);
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    return Number(body[name]);
  };
  app.get('/__emulator/clock', (c) => c.json({ now: state.now(), offset_seconds: state.offsetSeconds }));
  app.post('/__emulator/clock/advance', async (c) => {
    const seconds = await number(c, 'seconds');
    if (!Number.isFinite(seconds) || seconds < 0) return c.json({ error: 'seconds must be a number ≥ 0' }, 400);
    const now = state.advance(seconds);
    return c.json({ now, offset_seconds: state.offsetSeconds });
  });
  app.get('/__emulator/deliveries', (c) => c.json({ deliveries: webhooks.deliveries }));
  app.post('/__emulator/deliveries/wait', async (c) => {
    const idle = await webhooks.idle(Number(c.req.query('timeout_ms') ?? 30_000));
    return c.json({ idle, deliveries: webhooks.deliveries }, idle ? 200 : 504);
  });
  app.post('/__emulator/events/:id/resend', (c) => {
    const event = state.events.find((e) => e.id === c.req.param('id'));
    if (!event) return c.json({ error: 'no such event' }, 404);
    webhooks.resend(event);
    return c.json({ resent: event.id });
  });
  app.post('/__emulator/reset', (c) => {
    state.reset();
    return c.body(null, 204);
  });
  app.get('/', (c) =>
    c.json({
      name: 'Stripe emulator (Dossier local stack)',
      api: '/v1',
      webhook_endpoints: [...webhooks.endpoints.values()].map((e) => e.url),
      test_cards: { succeeds: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', authenticate: '4000 0025 0000 3155' },
    }),
  );
  return { app, state, webhooks, stop: () => webhooks.stop() };
}
