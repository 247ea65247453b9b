import { BUILD } from '@dossier/build';
import { defineArea } from '@dossier/shared';
import { lazyWidget } from '@dossier/shared/ui';

// No routes of its own (docs/architecture.md): other areas show its widgets by name.
export default defineArea(BUILD, (host) => {
  host.addWidgets({
    'drive.connection-card': lazyWidget(async () => (await import('./features/connection/connection-card')).default),
    'drive.import-dialog': lazyWidget(async () => (await import('./features/import/import-dialog')).default),
    'drive.folder-mirror': lazyWidget(async () => (await import('./features/mirror/folder-mirror-widget')).default),
    'drive.save-to-drive': lazyWidget(async () => (await import('./features/save/save-to-drive')).default),
  });
  // Background handlers (ADR 0196): portfolio folder names follow renames made on any page.
  if (host.services.config.drive.enabled) void import('./features/mirror/background').then((m) => m.startDriveBackground(host));
});
