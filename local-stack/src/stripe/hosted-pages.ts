import type { Context, Hono } from 'hono';
import { type BillingState, type StripeObject, formatAmount } from './billing.js';
import { StripeApiError } from './errors.js';
import { escapeHtml } from '../content/html.js';
import { writePdf } from '../content/pdf.js';

/** What Stripe's test cards do (https://docs.stripe.com/testing). */
export type CardOutcome =
  | { kind: 'succeeded'; brand: string }
  | { kind: 'authenticate'; brand: string }
  | { kind: 'declined'; message: string; declineCode: string };

export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  authenticate: '4000002500003155',
} as const;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

/** The card form's answer: an outcome, or the message Stripe's form shows under the field. */
export function checkCard(input: { number: string; expiry: string; cvc: string }, now: number): CardOutcome | { kind: 'invalid'; message: string } {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!digits) return { kind: 'invalid', message: 'Your card number is incomplete.' };
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) return { kind: 'invalid', message: 'Your card number is invalid.' };
  const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  if (!exp) return { kind: 'invalid', message: "Your card's expiration date is incomplete." };
  const month = Number(exp[1]);
  const year = exp[2].length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
  if (month < 1 || month > 12) return { kind: 'invalid', message: "Your card's expiration date is invalid." };
  const today = new Date(now * 1000);
  if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)) {
    return { kind: 'invalid', message: "Your card's expiration year is in the past." };
  }
  const cvcLength = brandOf(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) return { kind: 'invalid', message: "Your card's security code is incomplete." };
  const brand = brandOf(digits);
  switch (digits) {
    case '4242424242424242':
    case '4000056655665556':
    case '5555555555554444':
    case '2223003122003222':
    case '378282246310005':
      return { kind: 'succeeded', brand };
    case '4000002500003155':
    case '4000002760003184':
    case '4000000000003220':
      return { kind: 'authenticate', brand };
    case '4000000000000002':
      return { kind: 'declined', message: 'Your card was declined.', declineCode: 'generic_decline' };
    case '4000000000009995':
      return { kind: 'declined', message: 'Your card has insufficient funds.', declineCode: 'insufficient_funds' };
    case '4000000000009987':
      return { kind: 'declined', message: 'Your card was declined.', declineCode: 'lost_card' };
    case '4000000000000069':
      return { kind: 'declined', message: 'Your card has expired.', declineCode: 'expired_card' };
    case '4000000000000127':
      return { kind: 'declined', message: "Your card's security code is incorrect.", declineCode: 'incorrect_cvc' };
    default:
      return {
        kind: 'declined',
        message: 'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
        declineCode: 'live_mode_test_card',
      };
  }
}

const escape = escapeHtml;

const STYLE = `
:root{color-scheme:light dark;--fg:#1a1f36;--muted:#5b6478;--bg:#f6f8fa;--card:#fff;--line:#d5dbe1;--accent:#635bff;--danger:#c0123c;--ok:#0a7d45}
@media (prefers-color-scheme:dark){:root{--fg:#e6e9f0;--muted:#a3acbf;--bg:#111522;--card:#1b2133;--line:#34405a;--accent:#8f89ff;--danger:#ff7b93;--ok:#4cd08a}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:30rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1.25rem;margin-top:1rem}
h1{font-size:1.4rem;margin:.25rem 0}h2{font-size:1.1rem;margin:0 0 .5rem}.muted{color:var(--muted)}.amount{font-size:2rem;font-weight:700;margin:.25rem 0}
label{display:block;font-weight:600;margin:.9rem 0 .3rem}input{width:100%;min-height:44px;padding:.6rem .75rem;font:inherit;color:inherit;background:transparent;border:1px solid var(--line);border-radius:.5rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
button,.button{display:inline-flex;align-items:center;justify-content:center;width:100%;min-height:48px;margin-top:1.25rem;padding:.6rem 1rem;font:inherit;font-weight:600;color:#fff;background:var(--accent);border:0;border-radius:.5rem;cursor:pointer;text-decoration:none}
button.secondary,.button.secondary{background:transparent;color:var(--fg);border:1px solid var(--line)}button.danger{background:var(--danger)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.error{color:var(--danger);font-weight:600;margin-top:1rem}.badge{display:inline-block;padding:.1rem .5rem;border-radius:99px;border:1px solid var(--line);font-size:.85rem}
a{color:var(--accent)}ul{padding-left:1.1rem}table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.4rem 0;border-bottom:1px solid var(--line)}
.test{font-size:.85rem;margin-top:1.5rem}.test code{white-space:nowrap}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}<p class="muted test">Local Stripe emulator · test mode</p></main></body></html>`;
}

const dateText = (seconds: number) => new Date(seconds * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function summary(state: BillingState, session: StripeObject): string {
  const lines = state.lineItems.get(session.id) ?? [];
  const first = lines[0];
  const price = first?.price as StripeObject | undefined;
  const interval = (price?.recurring as { interval?: string } | null)?.interval;
  return `<p class="muted">${escape(first?.description ?? 'Payment')}</p>
    <p class="amount">${escape(formatAmount(Number(session.amount_total), String(session.currency)))}${interval ? ` <span class="muted" style="font-size:1rem;font-weight:400">per ${escape(interval)}</span>` : ''}</p>`;
}

function checkoutPage(state: BillingState, session: StripeObject, error: string | null, values: { email?: string; name?: string } = {}): string {
  const email = (session.customer_email as string | null) ?? values.email ?? '';
  const back = session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">← Back</a></p>` : '';
  const cta = session.mode === 'subscription' ? 'Subscribe' : 'Pay';
  return page(
    'Checkout',
    `${back}<h1>Checkout</h1>${summary(state, session)}
    <form class="card" method="post" action="/c/pay/${escape(session.id)}" novalidate>
      <h2>Pay with card</h2>
      <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${escape(email)}" ${session.customer_email ? 'readonly' : ''} required>
      <label for="cardnumber">Card number</label><input id="cardnumber" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
      <div class="row">
        <div><label for="exp-date">Expiration</label><input id="exp-date" name="exp-date" autocomplete="cc-exp" placeholder="MM / YY" required></div>
        <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required></div>
      </div>
      <label for="billingName">Cardholder name</label><input id="billingName" name="billingName" autocomplete="cc-name" value="${escape(values.name ?? '')}">
      ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
      <button type="submit">${cta}</button>
    </form>
    <div class="test muted"><p>Test cards: <code>4242 4242 4242 4242</code> succeeds · <code>4000 0000 0000 0002</code> is declined · <code>4000 0025 0000 3155</code> asks for authentication. Any future date, any CVC.</p></div>`,
  );
}

function closedPage(session: StripeObject): string {
  if (session.status === 'complete') {
    return page('Payment complete', `<h1>Payment complete</h1><div class="card"><p>This checkout is already paid.</p><a class="button" href="${escape(successUrl(session))}">Continue</a></div>`);
  }
  return page('Checkout expired', `<h1>This checkout has expired</h1><div class="card"><p>Nothing was charged. Start again from the app.</p>${session.cancel_url ? `<a class="button secondary" href="${escape(session.cancel_url)}">Back</a>` : ''}</div>`);
}

function successUrl(session: StripeObject): string {
  return String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

function form(body: Record<string, string | File>, name: string): string {
  const v = body[name];
  return typeof v === 'string' ? v : '';
}

/**
 * The pages a person sees on Stripe's side: hosted Checkout (with the test cards), the 3-D Secure
 * test challenge (Complete / Fail), the customer portal (cancel at period end, renew, invoices)
 * and hosted invoices with a PDF.
 */
export function registerHostedPages(app: Hono, state: BillingState): void {
  const findSession = (c: Context): StripeObject | null => {
    try {
      return state.session(c.req.param('id') ?? '');
    } catch {
      return null;
    }
  };
  const notFound = (c: Context) => c.html(page('Not found', '<h1>Something went wrong</h1><div class="card"><p>The page you were looking for could not be found.</p></div>'), 404);

  app.get('/c/pay/:id', (c) => {
    const session = findSession(c);
    if (!session) return notFound(c);
    if (session.status !== 'open') return c.html(closedPage(session));
    return c.html(checkoutPage(state, session, null));
  });

  app.post('/c/pay/:id', async (c) => {
    const session = findSession(c);
    if (!session) return notFound(c);
    if (session.status !== 'open') return c.html(closedPage(session), 409);
    const body = await c.req.parseBody();
    const values = { email: form(body, 'email').trim(), name: form(body, 'billingName').trim() };
    if (!session.customer_email && !session.customer && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email)) {
      return c.html(checkoutPage(state, session, 'Your email is incomplete.', values), 400);
    }
    const outcome = checkCard({ number: form(body, 'cardnumber'), expiry: form(body, 'exp-date'), cvc: form(body, 'cvc') }, state.now());
    if (outcome.kind === 'invalid' || outcome.kind === 'declined') return c.html(checkoutPage(state, session, outcome.message, values), 402);
    const last4 = form(body, 'cardnumber').replace(/\D/g, '').slice(-4);
    const details = { email: values.email || null, name: values.name || null, last4, brand: outcome.brand };
    if (outcome.kind === 'authenticate') {
      session._pending_authentication = details;
      state.save();
      return c.redirect(`/c/authenticate/${session.id}`, 303);
    }
    state.completeCheckout(session.id, details);
    return c.redirect(successUrl(session), 303);
  });

  app.get('/c/authenticate/:id', (c) => {
    const session = findSession(c);
    if (!session || !session._pending_authentication) return notFound(c);
    return c.html(
      page(
        'Authenticate payment',
        `<h1>3D Secure 2 test page</h1>${summary(state, session)}
        <div class="card"><p>This is a test page: your bank would ask you to confirm this payment here.</p>
        <form method="post" action="/c/authenticate/${escape(session.id)}"><button type="submit" name="outcome" value="complete">Complete authentication</button>
        <button type="submit" name="outcome" value="fail" class="secondary">Fail authentication</button></form></div>`,
      ),
    );
  });

  app.post('/c/authenticate/:id', async (c) => {
    const session = findSession(c);
    if (!session || !session._pending_authentication) return notFound(c);
    const details = session._pending_authentication as { email: string | null; name: string | null; last4: string; brand: string };
    delete session._pending_authentication;
    const body = await c.req.parseBody();
    if (form(body, 'outcome') !== 'complete') {
      state.save();
      return c.html(checkoutPage(state, session, 'We are unable to authenticate your payment method. Please choose a different payment method and try again.', { email: details.email ?? '', name: details.name ?? '' }), 402);
    }
    if (session.status !== 'open') return c.html(closedPage(session), 409);
    state.completeCheckout(session.id, details);
    return c.redirect(successUrl(session), 303);
  });

  // Customer portal
  const portal = (c: Context): { session: StripeObject; customer: StripeObject } | null => {
    try {
      const session = state.get(c.req.param('id') ?? '', 'billing_portal.session');
      return { session, customer: state.get(String(session.customer), 'customer') };
    } catch {
      return null;
    }
  };

  app.get('/p/session/:id', (c) => {
    const found = portal(c);
    if (!found) return notFound(c);
    const { session, customer } = found;
    const subs = state.list('subscription', (s) => s.customer === customer.id);
    const invoices = state.list('invoice', (i) => i.customer === customer.id);
    const subHtml = subs
      .map((sub) => {
        const item = (sub.items as { data: Array<{ price: StripeObject; current_period_end: number }> }).data[0];
        const product = state.objects.get(String(item?.price?.product));
        const end = item?.current_period_end ?? 0;
        const line =
          sub.status === 'canceled'
            ? `Ended ${dateText(Number(sub.ended_at))}`
            : sub.cancel_at_period_end
              ? `Cancels ${dateText(end)}`
              : `Renews ${dateText(end)}`;
        const action =
          sub.status === 'canceled'
            ? ''
            : sub.cancel_at_period_end
              ? `<form method="post" action="/p/session/${escape(session.id)}/subscriptions/${escape(sub.id)}/renew"><button type="submit">Renew plan</button></form>`
              : `<form method="post" action="/p/session/${escape(session.id)}/subscriptions/${escape(sub.id)}/cancel"><button type="submit" class="danger">Cancel plan</button></form>`;
        return `<div class="card"><h2>${escape(product?.name ?? 'Plan')}</h2><p class="amount">${escape(formatAmount(Number(item?.price?.unit_amount ?? 0), String(item?.price?.currency ?? 'eur')))} <span class="muted" style="font-size:1rem;font-weight:400">per ${escape((item?.price?.recurring as { interval?: string })?.interval ?? 'month')}</span></p><p><span class="badge">${escape(sub.status)}</span> ${escape(line)}</p>${action}</div>`;
      })
      .join('');
    const invoiceHtml = invoices.length
      ? `<table><thead><tr><th>Date</th><th>Amount</th><th></th></tr></thead><tbody>${invoices
          .map((i) => `<tr><td>${escape(dateText(Number(i.created)))}</td><td>${escape(formatAmount(Number(i.amount_paid), String(i.currency)))}</td><td><a href="${escape(i.hosted_invoice_url)}">View</a></td></tr>`)
          .join('')}</tbody></table>`
      : '<p class="muted">No invoices yet.</p>';
    const back = session.return_url ? `<p><a href="${escape(session.return_url)}">← Return to the app</a></p>` : '';
    return c.html(page('Billing', `${back}<h1>Billing</h1><p class="muted">${escape(customer.email ?? '')}</p><h2 style="margin-top:1.5rem">Current plan</h2>${subHtml || '<div class="card"><p>No subscription.</p></div>'}<div class="card"><h2>Invoice history</h2>${invoiceHtml}</div>`));
  });

  app.post('/p/session/:id/subscriptions/:sub/:action', (c) => {
    const found = portal(c);
    if (!found) return notFound(c);
    const subId = c.req.param('sub') ?? '';
    const action = c.req.param('action');
    let sub: StripeObject;
    try {
      sub = state.subscription(subId);
    } catch {
      return notFound(c);
    }
    if (sub.customer !== found.customer.id || (action !== 'cancel' && action !== 'renew')) return notFound(c);
    try {
      state.updateSubscription(subId, { cancel_at_period_end: action === 'cancel' ? 'true' : 'false' });
    } catch (e) {
      if (!(e instanceof StripeApiError)) throw e;
    }
    return c.redirect(`/p/session/${found.session.id}`, 303);
  });

  // Hosted invoices
  app.get('/i/:id', (c) => {
    let invoice: StripeObject;
    try {
      invoice = state.get(c.req.param('id') ?? '', 'invoice');
    } catch {
      return notFound(c);
    }
    const lines = (invoice.lines as { data: Array<{ description: string; amount: number; currency: string }> }).data;
    return c.html(
      page(
        `Invoice ${String(invoice.number)}`,
        `<h1>Invoice ${escape(invoice.number)}</h1><p class="amount">${escape(formatAmount(Number(invoice.amount_paid), String(invoice.currency)))}</p>
        <p><span class="badge">${escape(invoice.status)}</span> ${escape(dateText(Number(invoice.created)))}</p>
        <div class="card"><table><tbody>${lines.map((l) => `<tr><td>${escape(l.description)}</td><td>${escape(formatAmount(l.amount, l.currency))}</td></tr>`).join('')}</tbody></table>
        <p class="muted">Period ${escape(dateText(Number(invoice.period_start)))} – ${escape(dateText(Number(invoice.period_end)))}</p>
        <a class="button secondary" href="${escape(invoice.invoice_pdf)}">Download invoice</a></div>`,
      ),
    );
  });

  app.get('/i/:id/pdf', (c) => {
    let invoice: StripeObject;
    try {
      invoice = state.get(c.req.param('id') ?? '', 'invoice');
    } catch {
      return notFound(c);
    }
    const text = [
      `Invoice ${String(invoice.number)}`,
      `Date: ${dateText(Number(invoice.created))}`,
      `Period: ${dateText(Number(invoice.period_start))} - ${dateText(Number(invoice.period_end))}`,
      `Amount paid: ${formatAmount(Number(invoice.amount_paid), String(invoice.currency)).replace('€', 'EUR ')}`,
      `Status: ${String(invoice.status)}`,
    ];
    return c.body(new Uint8Array(writePdf(text)), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="Invoice-${String(invoice.number)}.pdf"`,
    });
  });
}
