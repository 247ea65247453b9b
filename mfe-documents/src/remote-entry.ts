import { lazy } from 'react';
import { CONTRACT_VERSION, type RemoteModule } from '@dossier/shared';
import { lazyWidget } from '@dossier/shared/ui';

// The one door of this area: its routes, its nav and the widgets it offers other areas.
// Each page is its own chunk, loaded when its route is visited.

const widgets = () => import('./features/widgets/documents-widgets');
const share = () => import('./features/share/share-widgets');

const areaModule = {
  contractVersion: CONTRACT_VERSION,
  release: process.env.DOSSIER_RELEASE,
  routes: [
    { path: '/documents', Component: lazy(() => import('./features/library/documents-page')), requiresAuth: true, title: 'Documents' },
    { path: '/manage-tags', Component: lazy(() => import('./features/tags/manage-tags-page')), requiresAuth: true, title: 'Manage tags' },
    { path: '/link/:hash', Component: lazy(() => import('./pages/shared-link-page')), title: 'Shared document' },
  ],
  nav: [
    { label: 'Documents', path: '/documents', order: 10, requiresAuth: true },
    { label: 'Tags', path: '/manage-tags', order: 11, requiresAuth: true },
  ],
  widgets: {
    'documents.category-counts': lazyWidget(async () => (await widgets()).CategoryCountsWidget),
    'documents.recent': lazyWidget(async () => (await widgets()).RecentDocumentsWidget),
    'documents.expiring-soon': lazyWidget(async () => (await widgets()).ExpiringSoonWidget),
    // Files shared from the device (/share-handler): props { files: File[], onComplete() }.
    // Sharing (issue 11): props { documentId | portfolioId, title, onClose } / { token }.
    'documents.share': lazyWidget(async () => (await share()).ShareWidget),
    'documents.shared-view': lazyWidget(async () => (await share()).SharedViewWidget),
    // The library with a fixed portfolio filter (the portfolio detail page): props { portfolioId }.
    'documents.library': lazyWidget(async () => (await import('./features/library/portfolio-library-widget')).PortfolioLibraryWidget),
    'documents.upload-dialog': lazyWidget(async () => (await import('./features/upload/share-upload-widget')).ShareUploadWidget),
  },
} satisfies RemoteModule;

export default areaModule;
