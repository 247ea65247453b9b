import { Page } from '@dossier/shared/ui';

/** `/terms` */
export default function TermsPage() {
  return (
    <Page title="Terms of Service" description="The terms under which you use Dossier.">
      <p data-area="account">Account area</p>
    </Page>
  );
}
