import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useAppConfig, useAuth, useDevice, usePendingOperations, useSupabase } from '@dossier/shared';
import { sha256Hex, uploadLimitBytes } from '@dossier/shared/core';
import { documentNamesLike, findDuplicates, getDocument, type DocumentRecord } from '../../api/documents';
import { useDocumentStore } from '../../lib/use-document-store';
import { useAnalysisQueue } from '../analysis';
import { useDescribeError, useDossierQueryClient } from '../../lib/query';
import { settleDepartedUploads } from './departed-uploads';
import { extractText } from './extract-text';
import { DOCUMENT_UPLOAD_OPERATION, uploadPayload, type DocumentUploadPayload } from './offline-upload';
import { QUEUED_UPLOAD_STORED_EVENT } from './register-upload-replay';
import { storeDocument } from './store-document';
import { dashboardQueries, settledLibraryRefresh } from './settled-library-refresh';
import { UploadManager, type UploadManagerDeps, type UploadSnapshot } from './upload-manager';
import { validateFile } from './validate-file';

export function useUploadLimit(): number {
  return uploadLimitBytes(useAppConfig());
}

/** One UploadManager per signed-in person and page, wired to the real services. */
export function useUploadManager(
  source: 'upload' | 'share' | 'drive' = 'upload',
  categoryId: string | null = null,
  /** Told about each stored document and the file it came from. */
  onStoredDocument?: (document: DocumentRecord, file: File) => void,
  options: {
    /** Uploads at once (the manager's default when not given). */
    concurrency?: number;
    /** An import's origin of each file, written with its row. */
    driveOrigin?: UploadManagerDeps['driveOrigin'];
    /** Duplicates an import looked up before downloading (ADR 0255). */
    knownDuplicates?: UploadManagerDeps['knownDuplicates'];
    /** An import's file whose origin another device or tab stored first (ADR 0250). */
    onAlreadyImported?: UploadManagerDeps['onAlreadyImported'];
    /** A file that ended without being stored, and why (an import counts it; issue 21 §4). */
    onNotStored?: UploadManagerDeps['onNotStored'];
  } = {},
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
  const storedListener = useRef(onStoredDocument);
  storedListener.current = onStoredDocument;
  // Each stored document is read and analysed on the device next (issue 15), with consent.
  const analysisQueue = useAnalysisQueue();
  const analysis = useRef(analysisQueue);
  analysis.current = analysisQueue;
  const [manager, setManager] = useState<UploadManager | null>(null);
  const { concurrency } = options;
  const originOf = useRef(options.driveOrigin);
  originOf.current = options.driveOrigin;
  const knownDuplicates = useRef(options.knownDuplicates);
  knownDuplicates.current = options.knownDuplicates;
  const alreadyImported = useRef(options.onAlreadyImported);
  alreadyImported.current = options.onAlreadyImported;
  const notStored = useRef(options.onNotStored);
  notStored.current = options.onNotStored;

  useEffect(() => {
    if (!userId) {
      setManager(null);
      return undefined;
    }
    const refresh = settledLibraryRefresh(queryClient, dashboardQueries(client));
    const next = new UploadManager({
      userId,
      validate: (file) => validateFile(file, maxBytes),
      hash: sha256Hex,
      findDuplicates: (sha) => findDuplicates(client, sha),
      knownDuplicates: (sha) => knownDuplicates.current?.(sha),
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
      concurrency,
      driveOrigin: (file) => originOf.current?.(file) ?? null,
      onAlreadyImported: (document, file) => {
        alreadyImported.current?.(document, file);
        refresh();
      },
      onNotStored: (file, outcome) => notStored.current?.(file, outcome),
      categoryId: () => category.current,
      onStored: (document, file) => {
        storedListener.current?.(document, file);
        analysis.current?.offer(document);
        refresh();
      },
    });
    setManager(next);
    return () => {
      // The uploader can close (an import's "Done") within the settle time of
      // its last file: refresh now rather than drop it, or the list stays stale.
      refresh.flush();
      next.cancelAll();
    };
  }, [userId, client, store, pending, device, queryClient, maxBytes, describeError, source, concurrency]);

  // Rows queued offline follow the queue: Uploaded once it stored them, Skipped if dropped from it.
  useEffect(() => {
    if (!manager) return undefined;
    const onStored = (event: Event) => manager.settleQueued(String((event as CustomEvent<string>).detail), 'stored');
    window.addEventListener(QUEUED_UPLOAD_STORED_EVENT, onStored);
    const unsubscribe = pending.subscribe((operations) => {
      const queued = new Set(operations.map((operation) => (operation.payload as Partial<DocumentUploadPayload> | undefined)?.doc?.documentId));
      void settleDepartedUploads(
        manager.queuedDocumentIds(),
        queued,
        async (documentId) => (await getDocument(client, documentId)) !== null,
        (documentId, outcome) => manager.settleQueued(documentId, outcome),
      );
    });
    return () => {
      window.removeEventListener(QUEUED_UPLOAD_STORED_EVENT, onStored);
      unsubscribe();
    };
  }, [manager, pending, client]);

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
