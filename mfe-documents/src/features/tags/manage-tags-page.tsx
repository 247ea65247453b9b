import { Page } from '@dossier/shared/ui';
import { AreaProviders } from '../../lib/area-providers';
import { ManageTags } from './manage-tags';

/** Route component of `/manage-tags`. */
export default function ManageTagsPage() {
  return (
    <AreaProviders>
      <Page title="Manage tags" description="Rename, recolour, merge or delete your tags. Counts show how many documents carry each.">
        <ManageTags />
      </Page>
    </AreaProviders>
  );
}
