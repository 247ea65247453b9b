import { Page } from '@dossier/shared/ui';
import { AreaProviders } from '../../lib/area-providers';
import { DocumentsLibrary } from './documents-library';

/** Route component of `/documents`. */
export default function DocumentsPage() {
  return (
    <AreaProviders>
      <Page title="Documents">
        <DocumentsLibrary />
      </Page>
    </AreaProviders>
  );
}
