import { Page } from '@dossier/shared/ui';

/** `/documents` — the library (features/ of this area fill it in). */
export default function DocumentsPage() {
  return (
    <Page title="Documents" description="Your library: upload files, find them by name, category or tag, and see what expires soon.">
      <p data-area="documents">Documents area</p>
    </Page>
  );
}
