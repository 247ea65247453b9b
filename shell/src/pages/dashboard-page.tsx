import { Widget } from '@dossier/shared';
import { Page } from '@dossier/shared/ui';

/** `/dashboard` — the dashboard (replaced by shell/src/features/dashboard). Widgets come from the areas. */
export default function DashboardPage() {
  return (
    <Page title="Dashboard" description="Your documents at a glance: what is recent, what expires soon, your portfolios.">
      <Widget name="documents.recent" placement="dashboard" />
    </Page>
  );
}
