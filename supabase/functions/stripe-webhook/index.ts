// stripe-webhook: the only writer of a person's plan. Stripe (or the local emulator) posts signed
// events here; the signature is checked with the SDK (a wrong signature, or one older than five
// minutes, is refused with 400), an event already processed is acknowledged and changes nothing,
// and the state written is always what Stripe says now (the subscription is retrieved afresh), so
// events arriving late or out of order cannot put an old state back.
// supabase/config.toml turns the gateway's JWT check off for this function: Stripe sends no JWT.
import type Stripe from 'npm:stripe@23';
import { json, withCors } from '../_shared/cors.ts';
import { LIVE_STATUSES, MisconfiguredError, Stripe as StripeSdk, serviceClient, stripeClient } from '../_shared/billing.ts';
import { env } from '../_shared/env.ts';

const cryptoProvider = StripeSdk.createSubtleCryptoProvider();

type Db = ReturnType<typeof serviceClient>;

async function userOfCustomer(db: Db, customerId: string): Promise<string | null> {
  const row = (await db.from('billing_customers').select('user_id').eq('stripe_customer_id', customerId).maybeSingle()).data;
  return (row?.user_id as string | undefined) ?? null;
}

async function syncSubscription(stripe: Stripe, db: Db, subscriptionId: string, userHint: string | null): Promise<void> {
  const sub = await stripe.subscriptions.retrieve(subscriptionId);
  const customerId = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
  const userId = sub.metadata?.user_id || userHint || (await userOfCustomer(db, customerId));
  if (!userId) throw new Error(`no person for subscription ${sub.id}`);
  const planId = sub.metadata?.plan_id;
  const plan = planId ? (await db.from('plans').select('id').eq('id', planId).maybeSingle()).data : null;
  if (!plan) throw new Error(`subscription ${sub.id} names no known plan (${planId ?? 'none'})`);
  const existing = (await db.from('subscriptions').select('stripe_subscription_id,status').eq('user_id', userId).maybeSingle()).data;
  // A late event about an older, ended subscription must not replace the live one.
  if (existing && existing.stripe_subscription_id !== sub.id && LIVE_STATUSES.includes(existing.status) && !LIVE_STATUSES.includes(sub.status)) return;
  const end = sub.items.data[0]?.current_period_end ?? null;
  const { error } = await db.from('subscriptions').upsert(
    {
      user_id: userId,
      plan_id: plan.id,
      stripe_subscription_id: sub.id,
      stripe_customer_id: customerId,
      status: sub.status,
      cancel_at_period_end: sub.cancel_at_period_end,
      current_period_end: end ? new Date(end * 1000).toISOString() : null,
      updated_at: new Date().toISOString(),
    },
    { onConflict: 'user_id' },
  );
  if (error) throw new Error(`saving subscription: ${error.message}`);
  const linked = await db.from('billing_customers').upsert({ user_id: userId, stripe_customer_id: customerId }, { onConflict: 'user_id', ignoreDuplicates: true });
  if (linked.error) throw new Error(`saving customer: ${linked.error.message}`);
}

async function saveInvoice(db: Db, invoice: Stripe.Invoice): Promise<void> {
  if (!invoice.id || !invoice.customer) return;
  const customerId = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer.id;
  const userId = invoice.parent?.subscription_details?.metadata?.user_id || (await userOfCustomer(db, customerId));
  if (!userId) throw new Error(`no person for invoice ${invoice.id}`);
  const time = (s: number | null | undefined) => (s ? new Date(s * 1000).toISOString() : null);
  const { error } = await db.from('invoices').upsert(
    {
      stripe_invoice_id: invoice.id,
      user_id: userId,
      number: invoice.number,
      status: invoice.status ?? 'draft',
      amount_due: invoice.amount_due,
      amount_paid: invoice.amount_paid,
      currency: invoice.currency,
      hosted_invoice_url: invoice.hosted_invoice_url ?? null,
      invoice_pdf: invoice.invoice_pdf ?? null,
      period_start: time(invoice.period_start),
      period_end: time(invoice.period_end),
      created_at: time(invoice.created),
    },
    { onConflict: 'stripe_invoice_id' },
  );
  if (error) throw new Error(`saving invoice: ${error.message}`);
}

async function handle(stripe: Stripe, db: Db, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // Paid (or paid later, for delayed methods): the subscription decides the plan.
      if (session.mode === 'subscription' && session.subscription && session.payment_status !== 'unpaid') {
        const id = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
        await syncSubscription(stripe, db, id, session.client_reference_id);
      }
      return;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      await syncSubscription(stripe, db, event.data.object.id, null);
      return;
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed':
    case 'invoice.finalized':
    case 'invoice.voided':
      await saveInvoice(db, event.data.object);
      return;
    default:
      return; // Not an event this app acts on; acknowledged so Stripe stops sending it.
  }
}

Deno.serve(withCors(async (req: Request) => {
  if (req.method !== 'POST') return json({ error: 'method_not_allowed' }, 405);
  const signature = req.headers.get('Stripe-Signature');
  const secret = env('STRIPE_WEBHOOK_SECRET');
  if (!secret) return json({ error: 'server_misconfigured', details: 'STRIPE_WEBHOOK_SECRET is not set' }, 500);
  if (!signature) return json({ error: 'missing_signature' }, 400);
  const payload = await req.text();
  let event: Stripe.Event;
  try {
    event = await StripeSdk.webhooks.constructEventAsync(payload, signature, secret, undefined, cryptoProvider);
  } catch {
    return json({ error: 'invalid_signature' }, 400);
  }
  const db = serviceClient();
  const seen = await db.from('stripe_events').select('id').eq('id', event.id).maybeSingle();
  if (seen.error) return json({ error: 'database_error' }, 500);
  if (seen.data) return json({ received: true, duplicate: true });
  try {
    await handle(stripeClient(), db, event);
  } catch (e) {
    // Not recorded: Stripe retries, and the retry is processed in full.
    console.error(`stripe-webhook: ${event.type} ${event.id}: ${(e as Error).message}`);
    return json({ error: e instanceof MisconfiguredError ? 'server_misconfigured' : 'processing_failed' }, 500);
  }
  const recorded = await db.from('stripe_events').upsert({ id: event.id, type: event.type }, { onConflict: 'id', ignoreDuplicates: true });
  if (recorded.error) return json({ error: 'database_error' }, 500);
  return json({ received: true });
}));
