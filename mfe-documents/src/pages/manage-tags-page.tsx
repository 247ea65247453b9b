import { Page } from '@dossier/shared/ui';

/** `/manage-tags` — tag management. */
export default function ManageTagsPage() {
  return (
    <Page title="Manage tags" description="Rename, merge and delete the tags you put on your documents.">
      <p data-area="documents">Documents area</p>
    </Page>
  );
}
