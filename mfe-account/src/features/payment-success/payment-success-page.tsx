import { Link, useSearchParams } from 'react-router-dom';
import { useErrorLog } from '@dossier/shared';
import { BILLING_MESSAGES } from '@dossier/shared/core';
import { Button, Card, Page, buttonClassName } from '@dossier/shared/ui';
import { useCheckoutSession, type CheckoutView } from './use-checkout-session';
import './payment-success.css';

function Outcome({ view, retry }: { view: CheckoutView; retry: () => void }) {
  const errors = useErrorLog();
  const back = (
    <Link className={buttonClassName({ variant: 'secondary' })} to="/settings#plan">
      Back to your plan
    </Link>
  );
  switch (view.kind) {
    case 'checking':
      return (
        <p role="status" aria-busy="true">
          Checking your payment…
        </p>
      );
    case 'paid':
      return (
        <div role="status" className="dossier-payment dossier-payment--ok">
          <h2>{view.active ? BILLING_MESSAGES.paymentReceived(view.plan) : BILLING_MESSAGES.activating(view.plan)}</h2>
          <p>{view.active ? 'Your new limits apply now. A receipt is in your billing history.' : 'This takes a few seconds; this page updates by itself.'}</p>
          <Link className={buttonClassName({ variant: 'primary' })} to="/documents">
            Go to your documents
          </Link>
        </div>
      );
    case 'processing':
      return (
        <div role="status" className="dossier-payment">
          <h2>{BILLING_MESSAGES.paymentProcessing}</h2>
          <p>Your bank has not confirmed it yet. You stay on your current plan until it does; this page updates by itself.</p>
          {back}
        </div>
      );
    case 'not-completed':
      return (
        <div role="alert" className="dossier-payment dossier-payment--problem">
          <h2>{BILLING_MESSAGES.notCompleted}</h2>
          <p>You are still on your current plan. You can try again from Settings.</p>
          {back}
        </div>
      );
    case 'expired':
      return (
        <div role="alert" className="dossier-payment dossier-payment--problem">
          <h2>{BILLING_MESSAGES.expired}</h2>
          {back}
        </div>
      );
    case 'not-found':
    case 'missing':
      return (
        <div role="alert" className="dossier-payment dossier-payment--problem">
          <h2>{view.kind === 'missing' ? BILLING_MESSAGES.missingSession : BILLING_MESSAGES.notFound}</h2>
          <p>Your plan and any payments are listed in Settings.</p>
          {back}
        </div>
      );
    case 'error':
      return (
        <div role="alert" className="dossier-payment dossier-payment--problem">
          <h2>We could not check this payment right now</h2>
          <p>{errors.report(view.error, { area: 'account', action: 'checkout-status' }).userMessage}</p>
          <Button variant="primary" onClick={retry}>
            Try Again
          </Button>
        </div>
      );
  }
}

/** `/payment-success?session_id=…`: what the payment really did, as the server reports it. */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { view, retry } = useCheckoutSession(sessionId && sessionId.trim() ? sessionId.trim() : null);
  return (
    <Page title="Payment">
      <Card className="dossier-payment-card">
        <Outcome view={view} retry={retry} />
      </Card>
    </Page>
  );
}
