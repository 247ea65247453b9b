import { useParams } from 'react-router';
import { Widget } from '@dossier/shared';

/**
 * `/portfolio/:hash` — a live shared portfolio for anyone holding the link. The visitor view is the
 * documents area's (one implementation for document and portfolio links); it sets noindex and
 * no-referrer itself.
 */
export default function SharedPortfolioPage() {
  const { hash } = useParams();
  return <Widget key={hash} name="documents.shared-view" token={hash ?? ''} />;
}
