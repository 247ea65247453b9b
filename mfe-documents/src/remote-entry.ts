import { BUILD } from '@dossier/build';
import { defineArea } from '@dossier/shared';
import { lazyWidget, pageRoute } from '@dossier/shared/ui';
import { registerUploadReplay } from './features/upload/register-upload-replay';

// The one door of this area: its routes, its nav and the widgets it offers other areas.
// Each page is its own chunk, loaded when its route is visited (or at once: PAGES below).

const widgets = () => import('./features/widgets/documents-widgets');
const share = () => import('./features/share/share-widgets');

// Declared here, not in register: the page the address names starts downloading while this
// module is evaluated (the shell loads it beside its own boot), not when its route first renders.
const PAGES = [
  pageRoute('/documents', () => import('./features/library/documents-page'), { requiresAuth: true, title: 'Documents' }),
  pageRoute('/manage-tags', () => import('./features/tags/manage-tags-page'), { requiresAuth: true, title: 'Manage tags' }),
  pageRoute('/link/:hash', () => import('./pages/shared-link-page'), { title: 'Shared document' }),
];

export default defineArea(BUILD, (host) => {
  host.addRoutes(PAGES);
  host.addNav([
    { label: 'Documents', path: '/documents', order: 10, requiresAuth: true },
  ]);
  host.addWidgets({
    'documents.category-counts': lazyWidget(async () => (await widgets()).CategoryCountsWidget),
    'documents.recent': lazyWidget(async () => (await widgets()).RecentDocumentsWidget),
    'documents.expiring-soon': lazyWidget(async () => (await widgets()).ExpiringSoonWidget),
    // Expiry reminders and the calendar feed (issue 15), for /settings.
    'documents.reminder-settings': lazyWidget(async () => (await widgets()).ReminderSettingsWidget),
    // Files shared from the device (/share-handler): props { files: File[], onComplete() }.
    'documents.upload-dialog': lazyWidget(async () => (await import('./features/upload/share-upload-widget')).ShareUploadWidget),
    // Sharing (issue 11): props { documentId | portfolioId, title, onClose } / { token }.
    'documents.share': lazyWidget(async () => (await share()).ShareWidget),
    'documents.shared-view': lazyWidget(async () => (await share()).SharedViewWidget),
    // The library with a fixed portfolio filter (the portfolio detail page): props { portfolioId }.
    // Issue 13 §3: the button that downloads the person's whole document history as CSV.
    'documents.history-export': lazyWidget(async () => (await import('./features/history')).ExportHistoryButton),
    'documents.library': lazyWidget(async () => (await import('./features/library/portfolio-library-widget')).PortfolioLibraryWidget),
  });
  // Queued offline uploads complete on any page, not only while a documents page is shown.
  registerUploadReplay(host);
});
