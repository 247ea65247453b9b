// manage-subscription: cancel at the end of the paid period, or resume before it ends. It asks
// Stripe to change the subscription; the webhook that follows writes the person's plan.
import { json, withCors } from '../_shared/cors.ts';
import { LIVE_STATUSES, serviceClient, signedInUser, stripeClient, stripeFailure } from '../_shared/billing.ts';

Deno.serve(withCors(async (req: Request) => {
  if (req.method !== 'POST') return json({ error: 'method_not_allowed', details: 'Use POST' }, 405);
  const user = await signedInUser(req);
  if (!user) return json({ error: 'not_signed_in' }, 401);
  const input = (await req.json().catch(() => ({}))) as { action?: unknown };
  if (input.action !== 'cancel' && input.action !== 'resume') return json({ error: 'invalid_request', details: 'action must be "cancel" or "resume"' }, 400);
  const sub = (await serviceClient().from('subscriptions').select('stripe_subscription_id,status').eq('user_id', user.id).maybeSingle()).data;
  if (!sub || !LIVE_STATUSES.includes(sub.status)) return json({ error: 'no_active_subscription' }, 404);
  try {
    const updated = await stripeClient().subscriptions.update(sub.stripe_subscription_id, { cancel_at_period_end: input.action === 'cancel' });
    const end = updated.items.data[0]?.current_period_end ?? null;
    return json({
      status: updated.status,
      cancel_at_period_end: updated.cancel_at_period_end,
      current_period_end: end ? new Date(end * 1000).toISOString() : null,
    });
  } catch (e) {
    return stripeFailure(e);
  }
}));
