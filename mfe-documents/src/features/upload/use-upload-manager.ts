import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useAppConfig, useAuth, useDevice, usePendingOperations, useSupabase } from '@dossier/shared';
import { DOCUMENT_LIMITS } from '@dossier/shared/core';
import { categoryKeys } from '../../api/categories';
import { documentKeys, documentNamesLike, findDuplicates } from '../../api/documents';
import { tagKeys } from '../../api/tags';
import { useDocumentStore } from '../../lib/use-document-store';
import { useDescribeError, useDossierQueryClient } from '../../lib/query';
import { extractText } from './extract-text';
import { DOCUMENT_UPLOAD_OPERATION, uploadPayload } from './offline-upload';
import { sha256Hex } from './sha256';
import { storeDocument } from './store-document';
import { UploadManager, type UploadSnapshot } from './upload-manager';
import { validateFile } from './validate-file';

export function useUploadLimit(): number {
  const config = useAppConfig();
  return config.uploadMaxBytes && config.uploadMaxBytes > 0 ? config.uploadMaxBytes : DOCUMENT_LIMITS.uploadMaxBytes;
}

/** One UploadManager per signed-in person and page, wired to the real services. */
export function useUploadManager(
  source: 'upload' | 'share' = 'upload',
  categoryId: string | null = null,
): { manager: UploadManager | null; snapshot: UploadSnapshot } {
  // New uploads go into the category the library is showing, as a folder would.
  const category = useRef(categoryId);
  category.current = categoryId;
  const auth = useAuth();
  const client = useSupabase();
  const store = useDocumentStore();
  const pending = usePendingOperations();
  const device = useDevice();
  const queryClient = useDossierQueryClient();
  const describeError = useDescribeError();
  const maxBytes = useUploadLimit();
  const userId = auth.user?.id ?? null;
  const [manager, setManager] = useState<UploadManager | null>(null);

  useEffect(() => {
    if (!userId) {
      setManager(null);
      return undefined;
    }
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    // Many files finish close together: refresh the library once they settle.
    const refresh = () => {
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: documentKeys.all });
        void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
        void queryClient.invalidateQueries({ queryKey: tagKeys.all });
      }, 150);
    };
    const next = new UploadManager({
      userId,
      validate: (file) => validateFile(file, maxBytes),
      hash: sha256Hex,
      findDuplicates: (sha) => findDuplicates(client, sha),
      takenNames: (name) => documentNamesLike(client, name),
      extract: extractText,
      store: (file, doc, options) => storeDocument(store, file, doc, options),
      queueOffline: async (file, doc) => {
        await pending.enqueue(DOCUMENT_UPLOAD_OPERATION, uploadPayload(file, doc));
      },
      isOnline: () => device.isOnline(),
      describeError,
      newId: () => crypto.randomUUID(),
      source,
      categoryId: () => category.current,
      onStored: refresh,
    });
    setManager(next);
    return () => {
      clearTimeout(refreshTimer);
      next.cancelAll();
    };
  }, [userId, client, store, pending, device, queryClient, maxBytes, describeError, source]);

  const snapshot = useSyncExternalStore(
    manager?.subscribe ?? noopSubscribe,
    manager?.getSnapshot ?? emptySnapshot,
    manager?.getSnapshot ?? emptySnapshot,
  );
  return { manager, snapshot };
}

const EMPTY: UploadSnapshot = { items: [], overall: { loaded: 0, total: 0 }, active: false };
const emptySnapshot = () => EMPTY;
const noopSubscribe = () => () => undefined;
