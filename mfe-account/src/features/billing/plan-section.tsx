import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useErrorLog, useSupabase } from '@dossier/shared';
import { Badge, Button, Card, ConfirmDialog, EmptyState, PlainList, RoomSkeleton, type Room } from '@dossier/shared/ui';
import { changeSubscription, fetchInvoices, fetchPlans, openBillingPortal, startCheckout, type Invoice, type Plan, type PlanUsage } from '../../api/billing';
import { UsageBars, usePlanUsage, type Loadable } from '../plan-badge';
import { FamilySection } from '../family';
import { leaveFor } from './leave-for';
import './billing.css';

/**
 * The room the plan takes under its heading once drawn, for a new account (Free: usage, the Plus
 * offer, "No payments yet"), measured at 390×844 and 1440×900: its loading state keeps it, so
 * Sign-in security and everything below stay put when the plan arrives (they moved 498 px on a
 * phone). A subscriber's plan is about as tall; a family or a billing history is taller.
 */
export const PLAN_ROOM: Room = { label: 'your plan', minHeight: { phone: '37.125rem', wide: '34.125rem' }, lines: 12 };

const money = (cents: number, currency: string) => new Intl.NumberFormat('en-IE', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
const day = (iso: string | null) => (iso ? new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso)) : '');

function useLoad<T>(load: () => Promise<T>, deps: unknown[]): [Loadable<T>, () => void] {
  const [value, setValue] = useState<Loadable<T>>({ state: 'loading' });
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setValue({ state: 'ready', data }),
      (error: unknown) => live && setValue({ state: 'error', error }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, n]);
  return [value, () => setN((x) => x + 1)];
}

function SubscriptionControls({ usage, free, onChanged }: { usage: PlanUsage; free: Plan | undefined; onChanged: () => void }) {
  const supabase = useSupabase();
  const errors = useErrorLog();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'resume' | 'portal' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [override, setOverride] = useState<{ cancel: boolean; end: string | null } | null>(null);
  const cancelling = override?.cancel ?? usage.cancel_at_period_end;
  const end = override?.end ?? usage.current_period_end;

  const change = async (action: 'cancel' | 'resume') => {
    setProblem(null);
    try {
      const result = await changeSubscription(supabase, action);
      setOverride({ cancel: result.cancel_at_period_end, end: result.current_period_end });
      // The webhook writes the change; read it back once it has.
      setTimeout(onChanged, 1_500);
    } catch (error) {
      setProblem(errors.report(error, { area: 'account', action: `subscription-${action}` }).userMessage);
      throw error;
    }
  };
  const portal = async () => {
    setBusy('portal');
    setProblem(null);
    try {
      const { url } = await openBillingPortal(supabase);
      leaveFor(url);
    } catch (error) {
      setProblem(errors.report(error, { area: 'account', action: 'billing-portal' }).userMessage);
      setBusy(null);
    }
  };

  return (
    <div className="dossier-plan-controls">
      <p>
        {/* Without a billing period end (a plan not yet confirmed by Stripe's webhook, or given
            without a subscription) the sentence says no date rather than "renews on ." */}
        {cancelling
          ? `Your ${usage.plan_name} plan ends ${end ? `on ${day(end)}` : 'at the end of this billing period'}. After that you are on Free; nothing you stored is removed.`
          : end
            ? `Your ${usage.plan_name} plan renews on ${day(end)}.`
            : `Your ${usage.plan_name} plan is active.`}
      </p>
      <div className="dossier-plan-actions">
        {cancelling ? (
          <Button
            variant="primary"
            loading={busy === 'resume'}
            onClick={() => {
              setBusy('resume');
              change('resume')
                .catch(() => undefined)
                .finally(() => setBusy(null));
            }}
          >
            Resume plan
          </Button>
        ) : (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Cancel plan
          </Button>
        )}
        <Button loading={busy === 'portal'} onClick={() => void portal()}>
          Payment method and invoices
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="dossier-form-error">
          {problem}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Cancel your ${usage.plan_name} plan?`}
        description={`It stays active until ${day(end)}; then you are on Free${free ? ` (${free.description.replace(/^Up to /, 'up to ').replace(/\.$/, '')})` : ''}. Nothing you stored is removed, but new uploads over the Free limits are refused. You can resume until then.`}
        confirmLabel="Cancel plan"
        cancelLabel="Keep plan"
        destructive
        onConfirm={() => change('cancel')}
      />
    </div>
  );
}

function Upgrade({ plans }: { plans: Plan[] }) {
  const supabase = useSupabase();
  const errors = useErrorLog();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const offered = plans.filter((p) => p.purchasable);
  const upgrade = async (plan: Plan) => {
    setBusy(plan.id);
    setProblem(null);
    try {
      const { url } = await startCheckout(supabase, plan.id);
      leaveFor(url);
    } catch (error) {
      setProblem(errors.report(error, { area: 'account', action: 'checkout' }).userMessage);
      setBusy(null);
    }
  };
  return (
    <div className="dossier-plan-offers">
      {offered.map((plan) => (
        <Card key={plan.id} as="article" className="dossier-plan-offer">
          <h3>{plan.name}</h3>
          <p className="dossier-plan-price">
            {money(plan.price_cents, plan.currency)} <span>per {plan.billing_interval}</span>
          </p>
          <p>{plan.description}</p>
          <Button variant="primary" block loading={busy === plan.id} disabled={busy !== null} onClick={() => void upgrade(plan)}>
            Upgrade to {plan.name}
          </Button>
        </Card>
      ))}
      {problem ? (
        <p role="alert" className="dossier-form-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function History({ invoices }: { invoices: Invoice[] }) {
  if (invoices.length === 0) return <EmptyState headingLevel={4} title="No payments yet" description="Invoices appear here after each payment." />;
  return (
    <PlainList className="dossier-invoices">
      {invoices.map((invoice) => (
        <li key={invoice.stripe_invoice_id}>
          <span className="dossier-invoice-date">{day(invoice.created_at)}</span>
          <span>{money(invoice.amount_paid || invoice.amount_due, invoice.currency)}</span>
          <Badge tone={invoice.status === 'paid' ? 'success' : 'warning'}>{invoice.status === 'paid' ? 'Paid' : invoice.status}</Badge>
          <span className="dossier-invoice-links">
            {invoice.hosted_invoice_url ? (
              <a href={invoice.hosted_invoice_url} target="_blank" rel="noreferrer">
                View invoice{invoice.number ? ` ${invoice.number}` : ''}
              </a>
            ) : null}
            {invoice.invoice_pdf ? (
              <a href={invoice.invoice_pdf} target="_blank" rel="noreferrer">
                PDF
              </a>
            ) : null}
          </span>
        </li>
      ))}
    </PlainList>
  );
}

/** The plan part of /settings: current plan and usage, upgrade, cancel or resume, billing history. */
export function PlanSection() {
  const id = useId();
  const supabase = useSupabase();
  const errors = useErrorLog();
  const [params] = useSearchParams();
  const { usage, reload } = usePlanUsage();
  const [plans] = useLoad(() => fetchPlans(supabase), [supabase]);
  const [invoices, reloadInvoices] = useLoad(() => fetchInvoices(supabase), [supabase]);
  const refresh = () => {
    reload();
    reloadInvoices();
  };

  let body;
  // Until the billing history is here too: it drew ~117 px taller than its own placeholder.
  if (usage.state === 'loading' || plans.state === 'loading' || invoices.state === 'loading') {
    body = <RoomSkeleton room={PLAN_ROOM} text="Loading your plan…" />;
  } else if (usage.state === 'error' || plans.state === 'error') {
    const error = usage.state === 'error' ? usage.error : plans.state === 'error' ? plans.error : null;
    body = (
      <div role="alert">
        <p>{errors.report(error, { area: 'account', action: 'plan' }).userMessage}</p>
        <Button onClick={refresh}>Try Again</Button>
      </div>
    );
  } else {
    const u = usage.data;
    const subscribed = u.plan_id !== 'free';
    body = (
      <>
        <p className="dossier-plan-current">
          You are on <Badge tone={subscribed ? 'accent' : 'neutral'}>{u.plan_name}</Badge>
        </p>
        <UsageBars usage={u} />
        {subscribed ? <SubscriptionControls usage={u} free={plans.data.find((p) => p.id === 'free')} onChanged={refresh} /> : <Upgrade plans={plans.data} />}
        <FamilySection onChanged={refresh} />
        <h3 id={`${id}-history`}>Billing history</h3>
        {invoices.state === 'ready' ? (
          <History invoices={invoices.data} />
        ) : invoices.state === 'error' ? (
          <p role="alert">{errors.report(invoices.error, { area: 'account', action: 'invoices' }).userMessage}</p>
        ) : null}
      </>
    );
  }

  return (
    <section id="plan" aria-labelledby={`${id}-plan`} className="dossier-settings-section dossier-plan-section">
      <h2 id={`${id}-plan`}>Plan</h2>
      {params.get('checkout') === 'cancelled' ? (
        <p role="status" className="dossier-plan-notice">
          Checkout was cancelled. Nothing was charged.
        </p>
      ) : null}
      {body}
    </section>
  );
}
