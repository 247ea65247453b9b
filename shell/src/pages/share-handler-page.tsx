import { Page } from '@dossier/shared/ui';

/** `/share-handler` — receives files shared from the device (replaced by shell/src/features). */
export default function ShareHandlerPage() {
  return <Page title="Save shared files" description="Files shared to Dossier from your device arrive here to be saved as documents." />;
}
