import { lazy } from 'react';
import { CONTRACT_VERSION, type RemoteModule } from '@dossier/shared';

// No routes of its own (ARCHITECTURE.md): other areas show its widgets by name.
const areaModule = {
  contractVersion: CONTRACT_VERSION,
  release: process.env.DOSSIER_RELEASE,
  routes: [],
  nav: [],
  widgets: {
    'drive.connection-card': lazy(() => import('./features/connection/connection-card')),
    'drive.import-dialog': lazy(() => import('./features/import/import-dialog')),
    'drive.folder-mirror': lazy(() => import('./features/mirror/folder-mirror-widget')),
  },
} satisfies RemoteModule;

export default areaModule;
