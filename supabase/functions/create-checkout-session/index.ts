// create-checkout-session: the signed-in person asks for a plan; this function finds (or creates)
// their Stripe customer and opens a Checkout Session priced from public.plans. The browser gets
// only the session's id and hosted URL. It never decides a plan: the webhook does, once Stripe
// says the payment went through.
import { json, withCors } from '../_shared/cors.ts';
import { LIVE_STATUSES, appOrigin, serviceClient, signedInUser, stripeClient, stripeFailure } from '../_shared/billing.ts';

Deno.serve(withCors(async (req: Request) => {
  if (req.method !== 'POST') return json({ error: 'method_not_allowed', details: 'Use POST' }, 405);
  const user = await signedInUser(req);
  if (!user) return json({ error: 'not_signed_in' }, 401);
  const input = (await req.json().catch(() => ({}))) as { plan?: unknown };
  const planId = typeof input.plan === 'string' ? input.plan : 'plus';

  const db = serviceClient();
  const plan = await db.from('plans').select('id,name,description,price_cents,currency,billing_interval,purchasable').eq('id', planId).maybeSingle();
  if (plan.error) return json({ error: 'database_error' }, 500);
  if (!plan.data || !plan.data.purchasable) return json({ error: 'plan_not_available', details: planId }, 400);

  const current = await db.from('subscriptions').select('status').eq('user_id', user.id).maybeSingle();
  if (current.data && LIVE_STATUSES.includes(current.data.status)) return json({ error: 'already_subscribed' }, 409);

  try {
    const stripe = stripeClient();
    let customerId = (await db.from('billing_customers').select('stripe_customer_id').eq('user_id', user.id).maybeSingle()).data?.stripe_customer_id as string | undefined;
    if (!customerId) {
      const customer = await stripe.customers.create(
        { email: user.email ?? undefined, metadata: { user_id: user.id } },
        { idempotencyKey: `dossier-customer-${user.id}` },
      );
      const saved = await db.from('billing_customers').upsert({ user_id: user.id, stripe_customer_id: customer.id }, { onConflict: 'user_id', ignoreDuplicates: true });
      if (saved.error) return json({ error: 'database_error' }, 500);
      customerId = (await db.from('billing_customers').select('stripe_customer_id').eq('user_id', user.id).single()).data?.stripe_customer_id as string;
    }
    const origin = appOrigin(req);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: user.id,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: plan.data.currency,
            unit_amount: plan.data.price_cents,
            recurring: { interval: plan.data.billing_interval },
            product_data: { name: `Dossier ${plan.data.name}`, description: plan.data.description || undefined },
          },
        },
      ],
      metadata: { user_id: user.id, plan_id: plan.data.id },
      subscription_data: { metadata: { user_id: user.id, plan_id: plan.data.id } },
      success_url: `${origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/settings?checkout=cancelled`,
    });
    return json({ id: session.id, url: session.url });
  } catch (e) {
    return stripeFailure(e);
  }
}));
