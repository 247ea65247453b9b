import { Page } from '@dossier/shared/ui';

/** `/payment-success` */
export default function PaymentSuccessPage() {
  return (
    <Page title="Payment successful" description="Your payment went through; your plan is updated.">
      <p data-area="account">Account area</p>
    </Page>
  );
}
