import { Link } from 'react-router-dom';
import { useAuth } from '@dossier/shared';
import type { LegalText } from '@dossier/shared/core/legal';
import { LegalDocument } from '@dossier/shared/ui/legal';
import { Page } from '@dossier/shared/ui';
import './legal.css';

/** A legal text as its own page: readable by visitors too, with the way to the other text and the choices. */
export function LegalPage({ text, other }: { text: LegalText; other: { label: string; path: string } }) {
  const { status } = useAuth();
  return (
    <Page title={text.title}>
      <LegalDocument text={text} level={2} showTitle={false} />
      <nav aria-label="Legal" className="dossier-legal-links">
        <Link to={other.path}>{other.label}</Link>
        {status === 'signed-in' ? <Link to="/privacy-settings">Privacy Settings</Link> : null}
      </nav>
    </Page>
  );
}
