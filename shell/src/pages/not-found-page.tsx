import { Link } from 'react-router-dom';
import { Page } from '@dossier/shared/ui';

/** Any other path (SPEC §2). */
export default function NotFoundPage() {
  return (
    <Page title="Page not found" description="There is no page at this address.">
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </Page>
  );
}
