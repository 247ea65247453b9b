import { useParams } from 'react-router-dom';
import { AreaProviders } from '../lib/area-providers';
import { SharedView } from '../features/share/shared-view';

/** `/link/:hash` — a document someone shared by link, for anyone holding the link. */
export default function SharedLinkPage() {
  const { hash } = useParams();
  return (
    <AreaProviders>
      <SharedView key={hash} token={hash ?? ''} />
    </AreaProviders>
  );
}
