import { Link } from 'react-router-dom';
import { useAuth } from '@dossier/shared';
import { Page } from '@dossier/shared/ui';

/** `/` — the landing page (replaced by shell/src/features/landing). */
export default function LandingPage() {
  const { status } = useAuth();
  return (
    <Page title="Dossier" description="Keep the documents that matter — identity, medical, insurance, tax — organised, searchable and ready to share.">
      <p>
        {status === 'signed-in' ? <Link to="/dashboard">Go to your dashboard</Link> : <Link to="/auth">Sign in or create an account</Link>}
      </p>
    </Page>
  );
}
