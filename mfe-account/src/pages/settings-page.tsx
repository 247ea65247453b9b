import { Page } from '@dossier/shared/ui';

/** `/settings` */
export default function SettingsPage() {
  return (
    <Page title="Settings" description="Your profile, password, connected Google Drive and notification preferences.">
      <p data-area="account">Account area</p>
    </Page>
  );
}
