import { Page } from '@dossier/shared/ui';

/** `/privacy` */
export default function PrivacyPage() {
  return (
    <Page title="Privacy Policy" description="How Dossier collects, uses and protects your personal information.">
      <p data-area="account">Account area</p>
    </Page>
  );
}
