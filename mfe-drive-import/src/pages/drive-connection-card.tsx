import { useAppConfig } from '@dossier/shared';

/** Widget 'drive.connection-card': connect Google Drive (the Drive client lands with its issue). */
export default function DriveConnectionCard() {
  const config = useAppConfig();
  return (
    <section className="dossier-widget" aria-labelledby="drive-connection-title" data-area="drive-import">
      <h2 id="drive-connection-title">Google Drive</h2>
      <p>{config.drive.enabled ? 'Connect your Google Drive to import files and mirror portfolios as folders.' : 'Drive import is turned off.'}</p>
    </section>
  );
}
