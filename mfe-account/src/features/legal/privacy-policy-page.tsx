import { PRIVACY_POLICY } from '@dossier/shared/core/legal';
import { LegalPage } from './legal-page';

/** `/privacy` */
export default function PrivacyPolicyPage() {
  return <LegalPage text={PRIVACY_POLICY} other={{ label: 'Terms of Service', path: '/terms' }} />;
}
