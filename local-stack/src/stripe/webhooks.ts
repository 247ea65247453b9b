import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { StripeEvent } from './billing.js';

// Only its webhook helpers are used: no request ever leaves with this key.
const sdk = new Stripe('sk_test_emulator_signing_only');

/**
 * `Stripe-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<payload>">`, made by the Stripe
 * SDK's own signer (the one Stripe's docs give for testing webhook handlers), so the header is
 * exactly what `webhooks.constructEvent` checks.
 */
export function signPayload(payload: string, secret: string, timestamp: number): string {
  return sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  secret: string;
  /** ['*'] or a list of event types. */
  enabledEvents: string[];
}

export interface DeliveryAttempt {
  at: string;
  status: number | null;
  error?: string;
}

export interface Delivery {
  eventId: string;
  type: string;
  endpointId: string;
  url: string;
  attempts: DeliveryAttempt[];
  state: 'pending' | 'delivered' | 'failed';
}

export interface WebhookOptions {
  /** Waits between attempts of one event (Stripe: up to three days; here seconds by default). */
  retryDelaysMs: number[];
  /** The signature timestamp: the emulator's own clock, so a moved clock signs with moved time. */
  timestamp: () => number;
  log: (line: string) => void;
}

/**
 * Delivers events to webhook endpoints the way Stripe does: JSON body, `Stripe-Signature` over the
 * exact bytes sent, a fresh signature on every attempt, retries with back-off until a 2xx. Events
 * of one endpoint go out in order (one at a time), so a receiver sees creation before completion.
 */
export class WebhookDispatcher {
  readonly endpoints = new Map<string, WebhookEndpoint>();
  readonly deliveries: Delivery[] = [];
  private readonly queues = new Map<string, Promise<void>>();
  private pending = 0;
  private idleWaiters: Array<() => void> = [];
  private stopped = false;

  constructor(private readonly options: WebhookOptions) {}

  dispatch(event: StripeEvent): void {
    for (const endpoint of this.endpoints.values()) {
      if (!endpoint.enabledEvents.includes('*') && !endpoint.enabledEvents.includes(event.type)) continue;
      this.enqueue(endpoint, event);
    }
  }

  /** Sends one event again (as Stripe's "Resend" does): the same event id, a new signature. */
  resend(event: StripeEvent): void {
    for (const endpoint of this.endpoints.values()) this.enqueue(endpoint, event);
  }

  private enqueue(endpoint: WebhookEndpoint, event: StripeEvent): void {
    const delivery: Delivery = { eventId: event.id, type: event.type, endpointId: endpoint.id, url: endpoint.url, attempts: [], state: 'pending' };
    this.deliveries.push(delivery);
    if (this.deliveries.length > 2000) this.deliveries.splice(0, this.deliveries.length - 2000);
    this.pending++;
    const previous = this.queues.get(endpoint.id) ?? Promise.resolve();
    const next = previous.then(() => this.deliver(endpoint, event, delivery)).finally(() => {
      this.pending--;
      if (this.pending === 0) for (const w of this.idleWaiters.splice(0)) w();
    });
    this.queues.set(endpoint.id, next);
  }

  private async deliver(endpoint: WebhookEndpoint, event: StripeEvent, delivery: Delivery): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    const delays = [0, ...this.options.retryDelaysMs];
    for (let attempt = 0; attempt < delays.length && !this.stopped; attempt++) {
      if (delays[attempt] > 0) await new Promise((r) => setTimeout(r, delays[attempt]).unref?.());
      if (this.stopped) break;
      const at = new Date().toISOString();
      try {
        const res = await fetch(endpoint.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signPayload(payload, endpoint.secret, this.options.timestamp()),
          },
          body: payload,
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer().catch(() => undefined);
        delivery.attempts.push({ at, status: res.status });
        if (res.ok) {
          delivery.state = 'delivered';
          return;
        }
        this.options.log(`stripe emulator: webhook ${event.type} ${event.id} → ${endpoint.url} answered ${res.status} (attempt ${attempt + 1})`);
      } catch (e) {
        delivery.attempts.push({ at, status: null, error: (e as Error).message });
        this.options.log(`stripe emulator: webhook ${event.type} ${event.id} → ${endpoint.url} failed: ${(e as Error).message} (attempt ${attempt + 1})`);
      }
    }
    delivery.state = 'failed';
  }

  /** Resolves when no delivery is pending (or after `timeoutMs`). */
  idle(timeoutMs = 30_000): Promise<boolean> {
    if (this.pending === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  stop(): void {
    this.stopped = true;
  }
}
