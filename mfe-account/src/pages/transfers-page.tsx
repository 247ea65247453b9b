import { Page } from '@dossier/shared/ui';

/** `/transfers` */
export default function TransfersPage() {
  return (
    <Page title="Transfers" description="Transfers you sent and received, with their state.">
      <p data-area="account">Account area</p>
    </Page>
  );
}
