import { useParams } from 'react-router-dom';
import { Page } from '@dossier/shared/ui';

/** `/link/:hash` — a document someone shared by link, for anyone holding the link. */
export default function SharedLinkPage() {
  const { hash } = useParams();
  return (
    <Page title="Shared document" description="A document shared with you by link. It opens here without an account while the link is valid.">
      <p data-area="documents">
        Documents area — link <code>{hash}</code>
      </p>
    </Page>
  );
}
