// billing-portal: opens Stripe's customer portal (payment method, invoices, cancel / renew) for the
// signed-in person's own customer; the person comes back to /settings.
import { json, withCors } from '../_shared/cors.ts';
import { appOrigin, serviceClient, signedInUser, stripeClient, stripeFailure } from '../_shared/billing.ts';

Deno.serve(withCors(async (req: Request) => {
  if (req.method !== 'POST') return json({ error: 'method_not_allowed', details: 'Use POST' }, 405);
  const user = await signedInUser(req);
  if (!user) return json({ error: 'not_signed_in' }, 401);
  const customer = (await serviceClient().from('billing_customers').select('stripe_customer_id').eq('user_id', user.id).maybeSingle()).data;
  if (!customer) return json({ error: 'no_billing_account' }, 404);
  try {
    const session = await stripeClient().billingPortal.sessions.create({ customer: customer.stripe_customer_id, return_url: `${appOrigin(req)}/settings` });
    return json({ url: session.url });
  } catch (e) {
    return stripeFailure(e);
  }
}));
