import type { AreaHost, PendingOperation } from '@dossier/shared';
import type { DuplicateMatch } from '../../api/documents';
import type { DocumentUploadPayload } from './offline-upload';

/** The queue's type for an upload made offline (offline-upload.ts re-exports it). */
export const DOCUMENT_UPLOAD_OPERATION = 'document-upload';

/** Told on the page when the queue has stored an upload made offline (detail: its document id). */
export const QUEUED_UPLOAD_STORED_EVENT = 'dossier:queued-upload-stored';

/**
 * Told on the page when a replayed upload found the same file in the library and waits for "Keep
 * both" or "Don't upload" (detail: QueuedUploadAwaitsDecision). The queued-uploads list asks the
 * question from it.
 */
export const QUEUED_UPLOAD_AWAITS_DECISION_EVENT = 'dossier:queued-upload-awaits-decision';

export interface QueuedUploadAwaitsDecision {
  operationId: string;
  duplicates: DuplicateMatch[];
}

/**
 * Registers, when the area loads, how queued uploads are completed — for the whole life of the
 * page, so an upload queued offline on /documents finishes while the person is on /settings.
 * The replay code loads only when there is something to replay (the area's entry stays small).
 */
export function registerUploadReplay(host: Pick<AreaHost, 'services' | 'auth' | 'addPendingOperationHandler'>): void {
  host.addPendingOperationHandler<DocumentUploadPayload>(DOCUMENT_UPLOAD_OPERATION, async (operation: PendingOperation<DocumentUploadPayload>) => {
    const [{ createUploadReplayHandler }, { createDocumentStore }, { extractText }, { findDuplicates }, { dashboardQueries, settledLibraryRefresh }] = await Promise.all([
      import('./offline-upload'),
      import('../../lib/use-document-store'),
      import('./extract-text'),
      import('../../api/documents'),
      import('./settled-library-refresh'),
    ]);
    const { config, queryClient } = host.services;
    const auth = host.auth();
    // The same refresh as an upload made online: the library, its counts and the dashboard's documents.
    const refreshLibrary = settledLibraryRefresh(queryClient, dashboardQueries(auth.supabase));
    const replay = createUploadReplayHandler({
      store: createDocumentStore(auth.supabase, config.supabaseUrl, config.supabaseAnonKey),
      currentUserId: () => host.auth().user?.id ?? null,
      extract: extractText,
      findDuplicates: (sha256) => findDuplicates(host.auth().supabase, sha256),
      onAwaitingDecision: (operationId, duplicates) => {
        const detail: QueuedUploadAwaitsDecision = { operationId, duplicates };
        window.dispatchEvent(new CustomEvent(QUEUED_UPLOAD_AWAITS_DECISION_EVENT, { detail }));
      },
      onStored: (documentId) => {
        refreshLibrary();
        // The upload row that queued it follows (use-upload-manager.ts).
        window.dispatchEvent(new CustomEvent(QUEUED_UPLOAD_STORED_EVENT, { detail: documentId }));
      },
    });
    try {
      await replay(operation);
    } finally {
      refreshLibrary.flush();
    }
  });
}
