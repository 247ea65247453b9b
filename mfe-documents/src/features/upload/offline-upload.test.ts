import type { PendingOperation } from '@dossier/shared';
import type { DocumentRecord } from '../../api/documents';
import { createUploadReplayHandler, DuplicateAwaitingDecisionError, uploadPayload, type DocumentUploadPayload } from './offline-upload';
import { fakeDocumentStore } from './fake-document-store';
import { storeDocument, type DocumentStore } from './store-document';

// Issue #9 §4: an upload queued offline gets the duplicate check when it is replayed.
function memoryStore() {
  const rows = new Map<string, DocumentRecord>();
  const store: DocumentStore & { rows: typeof rows } = {
    rows,
    putObject: async () => undefined,
    insertRow: async (row) => {
      const record = { ...row, created_at: '', updated_at: '' } as unknown as DocumentRecord;
      rows.set(row.id, record);
      return record;
    },
    getRow: async (id) => rows.get(id) ?? null,
    removeObject: async () => undefined,
  };
  return store;
}

const operation = (payload: DocumentUploadPayload): PendingOperation<DocumentUploadPayload> => ({ id: 'op1', type: 'document-upload', timestamp: 0, retryCount: 0, payload });
const ANN = '00000000-0000-4000-8000-00000000a001';
const NEW = '00000000-0000-4000-8000-00000000d001';
const doc = { documentId: NEW, userId: ANN, name: 'passport.pdf', mimeType: 'application/pdf', sha256: 'abc', extractionStatus: 'done' as const };

describe('replaying a queued upload', () => {
  it('keeps it queued (nothing stored) when the person already has the same file', async () => {
    const store = memoryStore();
    const replay = createUploadReplayHandler({
      store,
      currentUserId: () => ANN,
      extract: async () => ({ status: 'none', text: null }),
      findDuplicates: async () => [{ id: 'd-old', name: 'passport.pdf', deleted_at: null, created_at: '' }],
    });
    const error = await replay(operation(uploadPayload(new Blob(['%PDF']), doc))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateAwaitingDecisionError);
    expect((error as DuplicateAwaitingDecisionError).duplicates.map((d) => d.name)).toEqual(['passport.pdf']);
    expect(store.rows.size).toBe(0);
  });

  it('tells which queued upload waits for a decision, with the matches it found', async () => {
    const onAwaitingDecision = jest.fn();
    const replay = createUploadReplayHandler({
      store: memoryStore(),
      currentUserId: () => ANN,
      extract: async () => ({ status: 'none', text: null }),
      findDuplicates: async () => [{ id: 'd-old', name: 'passport.pdf', deleted_at: null, created_at: '' }],
      onAwaitingDecision,
    });
    await expect(replay(operation(uploadPayload(new Blob(['%PDF']), doc)))).rejects.toBeInstanceOf(DuplicateAwaitingDecisionError);
    expect(onAwaitingDecision).toHaveBeenCalledWith('op1', [expect.objectContaining({ id: 'd-old', name: 'passport.pdf' })]);
  });

  it('stores it after "Keep both", and never counts its own earlier attempt as a duplicate', async () => {
    const store = memoryStore();
    const replay = createUploadReplayHandler({
      store,
      currentUserId: () => ANN,
      extract: async () => ({ status: 'none', text: null }),
      findDuplicates: async () => [{ id: NEW, name: 'passport.pdf', deleted_at: null, created_at: '' }],
    });
    await replay(operation(uploadPayload(new Blob(['%PDF']), doc)));
    expect([...store.rows.keys()]).toEqual([NEW]);

    const keepBoth = createUploadReplayHandler({
      store: memoryStore(),
      currentUserId: () => ANN,
      extract: async () => ({ status: 'none', text: null }),
      findDuplicates: async () => [{ id: 'd-old', name: 'passport.pdf', deleted_at: null, created_at: '' }],
    });
    await expect(keepBoth(operation({ ...uploadPayload(new Blob(['%PDF']), { ...doc, name: 'passport (1).pdf' }), duplicateDecision: 'keep-both' }))).resolves.toBeUndefined();
  });

  it('ends (stored nothing, left no object) when another device imported the same Drive file meanwhile (ADR 0250)', async () => {
    const backend = fakeDocumentStore(ANN);
    const driveOrigin = { driveFileId: 'drive-file-0001', driveModifiedTime: '2026-11-01T00:00:00.000Z' };
    // A changed version of the file, so the content check does not stop it first.
    await storeDocument(backend.store, new Blob(['%PDF other']), { ...doc, documentId: '00000000-0000-4000-8000-00000000e001', sha256: 'def', driveOrigin });
    let stored = 0;
    const replay = createUploadReplayHandler({ store: backend.store, currentUserId: () => ANN, extract: async () => ({ status: 'none', text: null }), findDuplicates: async () => [], onStored: () => (stored += 1) });
    await expect(replay(operation(uploadPayload(new Blob(['%PDF']), { ...doc, driveOrigin })))).resolves.toBeUndefined();
    expect(backend.rows.size).toBe(1);
    expect(backend.objects.size).toBe(1);
    expect(stored).toBe(0);
  });
});
