import { useEffect } from 'react';
import { useAuth, usePendingOperations } from '@dossier/shared';
import { documentKeys } from '../../api/documents';
import { useDocumentStore } from '../../lib/use-document-store';
import { useDossierQueryClient } from '../../lib/query';
import { extractText } from './extract-text';
import { createUploadReplayHandler, DOCUMENT_UPLOAD_OPERATION, type DocumentUploadPayload } from './offline-upload';

/**
 * Registers how queued uploads are completed, while any part of the documents area is on the
 * page (its routes or its dashboard widgets). Registering makes the shell flush the queue.
 */
export function useUploadReplay(): void {
  const pending = usePendingOperations();
  const auth = useAuth();
  const store = useDocumentStore();
  const queryClient = useDossierQueryClient();
  const userId = auth.user?.id ?? null;
  useEffect(() => {
    if (!userId) return undefined;
    const handler = createUploadReplayHandler({
      store,
      currentUserId: () => userId,
      extract: extractText,
      onStored: () => void queryClient.invalidateQueries({ queryKey: documentKeys.all }),
    });
    return pending.registerHandler<DocumentUploadPayload>(DOCUMENT_UPLOAD_OPERATION, handler);
  }, [pending, store, userId, queryClient]);
}
