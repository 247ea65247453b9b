import { Page } from '@dossier/shared/ui';

/** `/privacy-settings` */
export default function PrivacySettingsPage() {
  return (
    <Page title="Privacy settings" description="What you agreed to, what is collected, and your data: export it or delete your account.">
      <p data-area="account">Account area</p>
    </Page>
  );
}
