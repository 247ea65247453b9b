import { lazy } from 'react';
import { CONTRACT_VERSION, type RemoteModule } from '@dossier/shared';

// The one door of this area: its routes, its nav and the widgets it offers other areas.
// Each page is its own chunk, loaded when its route is visited.
const areaModule = {
  contractVersion: CONTRACT_VERSION,
  routes: [
    { path: '/documents', Component: lazy(() => import('./pages/documents-page')), requiresAuth: true, title: 'Documents' },
    { path: '/manage-tags', Component: lazy(() => import('./pages/manage-tags-page')), requiresAuth: true, title: 'Manage tags' },
    { path: '/link/:hash', Component: lazy(() => import('./pages/shared-link-page')), title: 'Shared document' },
  ],
  nav: [{ label: 'Documents', path: '/documents', order: 10, requiresAuth: true }],
  widgets: {},
} satisfies RemoteModule;

export default areaModule;
