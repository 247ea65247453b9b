import type { DocumentRecord, NewDocument } from '../../api/documents';
import { DocumentsApiError } from '../../api/api-error';
import { storeDocument, type DocumentStore } from './store-document';

const USER = '11111111-1111-4111-8111-111111111111';
const DOC = '22222222-2222-4222-8222-222222222222';

/** A fake backend holding objects and rows, with switches to fail each step. */
function fakeStore(fail: { put?: boolean; insert?: 'error' | 'conflict'; remove?: boolean } = {}) {
  const objects = new Map<string, Blob>();
  const rows = new Map<string, DocumentRecord>();
  const calls: string[] = [];
  const store: DocumentStore = {
    async putObject(path, body, options) {
      calls.push(`put ${options.upsert ? 'upsert' : 'create'}`);
      if (fail.put) throw new DocumentsApiError('network', { status: 0, code: 'network' });
      if (objects.has(path) && !options.upsert) throw new DocumentsApiError('exists', { status: 409 });
      objects.set(path, body);
      options.onProgress?.({ loaded: body.size, total: body.size });
    },
    async insertRow(row: NewDocument) {
      calls.push('insert');
      if (fail.insert === 'error') throw new DocumentsApiError('insert refused', { status: 500, code: 'XX000' });
      if (rows.has(row.id) || fail.insert === 'conflict') {
        throw new DocumentsApiError('duplicate key', { status: 409, code: '23505' });
      }
      const record = { ...row, created_at: 'now', updated_at: 'now', deleted_at: null } as unknown as DocumentRecord;
      rows.set(row.id, record);
      return record;
    },
    async getRow(id) {
      return rows.get(id) ?? null;
    },
    async removeObject(path) {
      calls.push('remove');
      if (fail.remove) throw new Error('offline');
      objects.delete(path);
    },
  };
  return { store, objects, rows, calls };
}

const file = new Blob(['%PDF-1.4 hello']);
const doc = { documentId: DOC, userId: USER, name: 'Tax return 2025.pdf', mimeType: 'application/pdf', sha256: 'a'.repeat(64), extractionStatus: 'done' as const };

describe('storeDocument keeps row and object consistent', () => {
  it('writes a Drive import\'s origin with the row itself (one insert, no update after it)', async () => {
    const backend = fakeStore();
    await storeDocument(backend.store, file, { ...doc, source: 'drive', driveOrigin: { driveFileId: 'drive-file-0001', driveModifiedTime: '2026-11-01T00:00:00.000Z' } });
    expect(backend.calls).toEqual(['put create', 'insert']);
    expect(backend.rows.get(DOC)).toMatchObject({ source: 'drive', drive_file_id: 'drive-file-0001', drive_modified_time: '2026-11-01T00:00:00.000Z' });
    const plain = fakeStore();
    await storeDocument(plain.store, file, doc);
    expect(plain.rows.get(DOC)).not.toHaveProperty('drive_file_id');
  });

  it('stores the object at {user}/{document}/{name}, then the row pointing at it', async () => {
    const backend = fakeStore();
    const progress: number[] = [];
    const row = await storeDocument(backend.store, file, doc, { onProgress: (p) => progress.push(p.loaded) });
    expect(backend.calls).toEqual(['put create', 'insert']);
    expect([...backend.objects.keys()]).toEqual([`${USER}/${DOC}/Tax return 2025.pdf`]);
    expect(row.storage_path).toBe(`${USER}/${DOC}/Tax return 2025.pdf`);
    expect(row.size).toBe(file.size);
    expect(progress).toEqual([file.size]);
  });

  it('leaves no row when the object upload fails', async () => {
    const backend = fakeStore({ put: true });
    await expect(storeDocument(backend.store, file, doc)).rejects.toMatchObject({ status: 0 });
    expect(backend.rows.size).toBe(0);
    expect(backend.objects.size).toBe(0);
    expect(backend.calls).toEqual(['put create']);
  });

  it('removes the stored object when the insert fails', async () => {
    const backend = fakeStore({ insert: 'error' });
    await expect(storeDocument(backend.store, file, doc)).rejects.toMatchObject({ code: 'XX000' });
    expect(backend.objects.size).toBe(0);
    expect(backend.rows.size).toBe(0);
    expect(backend.calls).toEqual(['put create', 'insert', 'remove']);
  });

  it('still reports the insert failure when the compensation cannot run', async () => {
    const backend = fakeStore({ insert: 'error', remove: true });
    await expect(storeDocument(backend.store, file, doc)).rejects.toMatchObject({ code: 'XX000' });
    expect(backend.rows.size).toBe(0);
  });

  it('never stores twice when a queued upload is replayed', async () => {
    const backend = fakeStore();
    await storeDocument(backend.store, file, doc, { replay: true });
    const again = await storeDocument(backend.store, file, doc, { replay: true });
    expect(again.id).toBe(DOC);
    expect(backend.rows.size).toBe(1);
    expect(backend.objects.size).toBe(1);
    expect(backend.calls).toEqual(['put upsert', 'insert']);
  });

  it('treats a replay whose row appeared meanwhile as done and keeps the object', async () => {
    const backend = fakeStore();
    const original = backend.store.insertRow.bind(backend.store);
    // The first attempt's insert reached the database but its answer was lost.
    backend.store.insertRow = async (row) => {
      await original(row);
      throw new DocumentsApiError('duplicate key', { status: 409, code: '23505' });
    };
    const row = await storeDocument(backend.store, file, doc, { replay: true });
    expect(row.id).toBe(DOC);
    expect(backend.objects.size).toBe(1);
    expect(backend.calls).not.toContain('remove');
  });
});
