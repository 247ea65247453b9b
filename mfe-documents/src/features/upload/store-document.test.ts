import { DataError, thumbnailPathOf } from '@dossier/shared/core';
import { isDriveOriginConflict } from '../../api/documents';
import { fakeDocumentStore } from './fake-document-store';
import { AlreadyImportedError, storeDocument } from './store-document';

const USER = '11111111-1111-4111-8111-111111111111';
const DOC = '22222222-2222-4222-8222-222222222222';

const fakeStore = (fail: Parameters<typeof fakeDocumentStore>[1] = {}) => fakeDocumentStore(USER, fail);

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

  describe("a PDF's thumbnail (its first page, ADR 0120)", () => {
    const path = `${USER}/${DOC}/Tax return 2025.pdf`;

    it('is stored before the row: once the library can list the document, its thumbnail is there to sign (no 404)', async () => {
      const backend = fakeDocumentStore(USER, {}, 'store');
      const thumbnailWhenListed: boolean[] = [];
      const insert = backend.store.insertRow.bind(backend.store);
      backend.store.insertRow = async (row) => {
        const record = await insert(row);
        thumbnailWhenListed.push(backend.objects.has(thumbnailPathOf(record.storage_path)));
        return record;
      };
      await storeDocument(backend.store, file, doc);
      expect(backend.calls).toEqual(['put create', 'thumbnail', 'insert']);
      expect(thumbnailWhenListed).toEqual([true]);
    });

    it('never fails the upload: a first page that cannot be drawn leaves the row without one', async () => {
      const backend = fakeDocumentStore(USER, {}, 'fail');
      const row = await storeDocument(backend.store, file, doc);
      expect(row.id).toBe(DOC);
      expect([...backend.objects.keys()]).toEqual([path]);
    });

    it('goes with the object when the insert fails: nothing is left behind', async () => {
      const backend = fakeDocumentStore(USER, { insert: 'error' }, 'store');
      await expect(storeDocument(backend.store, file, doc)).rejects.toMatchObject({ code: 'XX000' });
      expect(backend.objects.size).toBe(0);
      expect(backend.calls).toEqual(['put create', 'thumbnail', 'insert', 'remove', 'remove']);
    });

    it('is not drawn for other types', async () => {
      const backend = fakeDocumentStore(USER, {}, 'store');
      await storeDocument(backend.store, file, { ...doc, name: 'photo.png', mimeType: 'image/png' });
      expect(backend.calls).toEqual(['put create', 'insert']);
    });
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
      throw new DataError('duplicate key', { status: 409, code: '23505' });
    };
    const row = await storeDocument(backend.store, file, doc, { replay: true });
    expect(row.id).toBe(DOC);
    expect(backend.objects.size).toBe(1);
    expect(backend.calls).not.toContain('remove');
  });

  describe('two devices importing the same Drive file at once (ADR 0250)', () => {
    const OTHER = '33333333-3333-4333-8333-333333333333';
    const origin = { driveFileId: 'drive-file-0001', driveModifiedTime: '2026-11-01T00:00:00.000Z' };
    const fromDrive = { ...doc, source: 'drive' as const, driveOrigin: origin };

    it('the later insert removes its own object and ends as "already imported" with the stored document', async () => {
      const backend = fakeStore();
      // The other device got there first: both passed the up-front check, its row went in first.
      const first = await storeDocument(backend.store, file, { ...fromDrive, documentId: OTHER });
      const race = storeDocument(backend.store, file, fromDrive);
      await expect(race).rejects.toBeInstanceOf(AlreadyImportedError);
      await expect(race).rejects.toMatchObject({ existing: { id: first.id } });
      expect([...backend.rows.keys()]).toEqual([OTHER]);
      expect([...backend.objects.keys()]).toEqual([first.storage_path]);
      expect(backend.calls.slice(-3)).toEqual(['insert', 'remove', 'find by Drive file']);
    });

    it('a queued replay that loses the race is "already imported" too, not retried for ever', async () => {
      const backend = fakeStore();
      await storeDocument(backend.store, file, { ...fromDrive, documentId: OTHER });
      await expect(storeDocument(backend.store, file, fromDrive, { replay: true })).rejects.toBeInstanceOf(AlreadyImportedError);
      expect(backend.rows.size).toBe(1);
      expect(backend.objects.size).toBe(1);
    });

    it('any other 23505 stays a failure (and still removes the object)', async () => {
      const backend = fakeStore({ insert: 'conflict' });
      const error = await storeDocument(backend.store, file, fromDrive).catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(AlreadyImportedError);
      expect(error).toMatchObject({ code: '23505' });
      expect(isDriveOriginConflict(error)).toBe(false);
      expect(backend.objects.size).toBe(0);
      expect(backend.calls).not.toContain('find by Drive file');
    });

    it('a Drive-origin conflict whose document went meanwhile stays the failure it was (Retry imports it)', async () => {
      const backend = fakeStore();
      await storeDocument(backend.store, file, { ...fromDrive, documentId: OTHER });
      backend.store.findByDriveFile = async () => null;
      const error = await storeDocument(backend.store, file, fromDrive).catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(AlreadyImportedError);
      expect(isDriveOriginConflict(error)).toBe(true);
      expect(backend.objects.size).toBe(1);
    });
  });
});

describe('isDriveOriginConflict', () => {
  const body = (message: string, details: string | null = null) => ({ code: '23505', message, details, hint: null });
  it('matches PostgREST\'s answer naming the Drive-origin index, in its message or the wrapped cause', () => {
    expect(isDriveOriginConflict(body('duplicate key value violates unique constraint "documents_user_drive_file_key"'))).toBe(true);
    expect(isDriveOriginConflict(new DataError('insert document: x', { code: '23505', cause: body('duplicate key value violates unique constraint "documents_user_drive_file_key"') }))).toBe(true);
  });
  it('does not match another unique index, another code, or a name that merely starts the same', () => {
    expect(isDriveOriginConflict(body('duplicate key value violates unique constraint "documents_pkey"'))).toBe(false);
    expect(isDriveOriginConflict({ code: '23514', message: '"documents_user_drive_file_key"' })).toBe(false);
    expect(isDriveOriginConflict(body('duplicate key value violates unique constraint "documents_user_drive_file_key_v2"'))).toBe(false);
    expect(isDriveOriginConflict(null)).toBe(false);
  });
});
