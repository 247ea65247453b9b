// checkout-session-status: what /payment-success shows comes from here — the session's real state
// at Stripe, and whether the webhook has already put the person on the plan. A session of someone
// else, or one that does not exist, is "not_found" (nothing about it is revealed).
import { json, withCors } from '../_shared/cors.ts';
import { LIVE_STATUSES, serviceClient, signedInUser, stripeClient, stripeFailure } from '../_shared/billing.ts';

Deno.serve(withCors(async (req: Request) => {
  if (req.method !== 'POST') return json({ error: 'method_not_allowed', details: 'Use POST' }, 405);
  const user = await signedInUser(req);
  if (!user) return json({ error: 'not_signed_in' }, 401);
  const input = (await req.json().catch(() => ({}))) as { session_id?: unknown };
  const sessionId = typeof input.session_id === 'string' ? input.session_id.trim() : '';
  if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return json({ error: 'not_found' }, 404);
  try {
    const session = await stripeClient().checkout.sessions.retrieve(sessionId);
    if (session.client_reference_id !== user.id) return json({ error: 'not_found' }, 404);
    const planId = session.metadata?.plan_id ?? null;
    const db = serviceClient();
    const plan = planId ? (await db.from('plans').select('id,name').eq('id', planId).maybeSingle()).data : null;
    const sub = (await db.from('subscriptions').select('plan_id,status,stripe_subscription_id').eq('user_id', user.id).maybeSingle()).data;
    const planActive = Boolean(
      sub && plan && sub.plan_id === plan.id && LIVE_STATUSES.includes(sub.status) && (!session.subscription || sub.stripe_subscription_id === session.subscription),
    );
    return json({
      status: session.status, // open | complete | expired
      payment_status: session.payment_status, // paid | unpaid | no_payment_required
      plan: plan ? { id: plan.id, name: plan.name } : null,
      plan_active: planActive,
    });
  } catch (e) {
    return stripeFailure(e);
  }
}));
