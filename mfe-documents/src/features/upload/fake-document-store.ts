import { DataError, thumbnailPathOf } from '@dossier/shared/core';
import { DRIVE_ORIGIN_INDEX, type DocumentRecord, type NewDocument } from '../../api/documents';
import type { DocumentStore } from './store-document';

/** PostgREST's 23505 answer as supabase-js hands it over and `unwrap` wraps it (ADR 0250). */
function uniqueViolation(index: string, key: string): DataError {
  const body = { code: '23505', message: `duplicate key value violates unique constraint "${index}"`, details: `Key ${key} already exists.`, hint: null };
  return new DataError(`insert document: ${body.message}`, { status: 409, code: body.code, details: body.details, cause: body });
}

/**
 * A test double of the documents backend for one person: objects and rows in memory, with the
 * table's primary key and its one-live-document-per-Drive-file index, and switches to fail a step.
 * Test-only (imported by *.test.ts files).
 */
export function fakeDocumentStore(
  userId: string,
  fail: { put?: boolean; insert?: 'error' | 'conflict'; remove?: boolean } = {},
  /** A PDF's first page stored beside it (as the browser's store does), or a render that fails. */
  thumbnails?: 'store' | 'fail',
) {
  const objects = new Map<string, Blob>();
  const rows = new Map<string, DocumentRecord & { drive_file_id?: string | null }>();
  const calls: string[] = [];
  const store: DocumentStore = {
    async putObject(path, body, options) {
      calls.push(`put ${options.upsert ? 'upsert' : 'create'}`);
      if (fail.put) throw new DataError('network', { status: 0, code: 'network' });
      if (objects.has(path) && !options.upsert) throw new DataError('exists', { status: 409 });
      objects.set(path, body);
      options.onProgress?.({ loaded: body.size, total: body.size });
    },
    async insertRow(row: NewDocument) {
      calls.push('insert');
      if (fail.insert === 'error') throw new DataError('insert refused', { status: 500, code: 'XX000' });
      if (rows.has(row.id) || fail.insert === 'conflict') throw uniqueViolation('documents_pkey', `(id)=(${row.id})`);
      if (row.drive_file_id && [...rows.values()].some((r) => r.drive_file_id === row.drive_file_id && !r.deleted_at)) {
        throw uniqueViolation(DRIVE_ORIGIN_INDEX, `(user_id, drive_file_id)=(${userId}, ${row.drive_file_id})`);
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
    async findByDriveFile(owner, driveFileId) {
      calls.push('find by Drive file');
      return (owner === userId && [...rows.values()].find((r) => r.drive_file_id === driveFileId && !r.deleted_at)) || null;
    },
    ...(thumbnails
      ? {
          async putThumbnail(path: string, _file: Blob, mimeType: string) {
            if (mimeType !== 'application/pdf') return undefined;
            calls.push('thumbnail');
            if (thumbnails === 'fail') throw new Error('the first page could not be drawn');
            objects.set(thumbnailPathOf(path), new Blob(['png']));
            return thumbnailPathOf(path);
          },
        }
      : {}),
  };
  return { store, objects, rows, calls };
}
