import { TERMS_OF_SERVICE } from '@dossier/shared/core/legal';
import { LegalPage } from './legal-page';

/** `/terms` */
export default function TermsOfServicePage() {
  return <LegalPage text={TERMS_OF_SERVICE} other={{ label: 'Privacy Policy', path: '/privacy' }} />;
}
