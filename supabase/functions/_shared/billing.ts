// What the payment functions share: the Stripe client (the local emulator or Stripe itself, chosen
// by the environment alone), the signed-in person, and service-role access to the billing tables.
// Secrets (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET) exist only here, never in the browser.
import Stripe from 'npm:stripe@23';
import { createClient, type SupabaseClient, type User } from 'npm:@supabase/supabase-js@2';
import { json } from './cors.ts';
import { env } from './env.ts';

export { Stripe };

/**
 * The official SDK with the fetch HTTP client (Deno's edge runtime has no Node http). Locally the
 * stack sets STRIPE_API_HOST / PORT / PROTOCOL to its emulator; on Supabase they are unset and the
 * SDK talks to api.stripe.com.
 */
export function stripeClient(): Stripe {
  const key = env('STRIPE_SECRET_KEY');
  if (!key) throw new MisconfiguredError('STRIPE_SECRET_KEY is not set');
  const host = env('STRIPE_API_HOST');
  const port = env('STRIPE_API_PORT');
  const protocol = env('STRIPE_API_PROTOCOL');
  return new Stripe(key, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(host ? { host } : {}),
    ...(port ? { port: Number(port) } : {}),
    ...(protocol === 'http' || protocol === 'https' ? { protocol } : {}),
  });
}

export class MisconfiguredError extends Error {}

/** A client with the service role: the only writer of plans, subscriptions and invoices. */
export function serviceClient(): SupabaseClient {
  return createClient(env('SUPABASE_URL') ?? '', env('SUPABASE_SERVICE_ROLE_KEY') ?? '', {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/** The person behind the request's JWT (asked of the auth service, so a revoked session fails). */
export async function signedInUser(req: Request): Promise<User | null> {
  const authorization = req.headers.get('Authorization') ?? '';
  if (!/^bearer\s+\S+/i.test(authorization)) return null;
  const supabase = createClient(env('SUPABASE_URL') ?? '', env('SUPABASE_ANON_KEY') ?? '', {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await supabase.auth.getUser();
  return error || !data.user ? null : data.user;
}

/** Where Checkout and the portal send the person back: the app's own origin. */
export function appOrigin(req: Request): string {
  const origin = req.headers.get('Origin');
  if (origin && /^https?:\/\/[^/]+$/.test(origin)) return origin;
  return (env('SITE_URL') ?? 'http://127.0.0.1:4200').replace(/\/+$/, '');
}

/** Statuses in which a subscription gives its plan (past_due: Stripe is still retrying the card). */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due'];

/** A Stripe failure as this function's answer: card and request errors are the caller's, the rest 502. */
export function stripeFailure(e: unknown): Response {
  if (e instanceof MisconfiguredError) return json({ error: 'server_misconfigured', details: e.message }, 500);
  const err = e as { type?: string; code?: string; statusCode?: number; message?: string };
  if (err?.statusCode === 404 || err?.code === 'resource_missing') return json({ error: 'not_found' }, 404);
  if (err?.type === 'StripeConnectionError') return json({ error: 'payment_provider_unreachable' }, 502);
  return json({ error: 'payment_provider_error', details: err?.code ?? err?.type ?? 'unknown' }, 502);
}
