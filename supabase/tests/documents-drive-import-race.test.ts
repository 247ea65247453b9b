import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
// The app's own code against the real platform: the conflict it matches on and the upload's
// object-then-row write (as drive-resumable-upload.test.ts does for the Drive client); nothing in
// local-stack's own code depends on the documents area.
import { DRIVE_ORIGIN_INDEX, documentByDriveFile, getDocument, insertDocument, isDriveOriginConflict } from '../../mfe-documents/src/api/documents';
import { AlreadyImportedError, storeDocument, type DocumentStore } from '../../mfe-documents/src/features/upload/store-document';
import { databasesSync } from '../../local-stack/test/support/test-stack';
import { secondDevice, withPeople } from '../../local-stack/test/support/users';

// Issue 12, ADR 0250: two devices (or tabs) of one person import the same Drive file at the same
// moment. Both passed the up-front "already imported?" check; the database keeps one live document
// per person and Drive file (migration 20261123000400), so exactly one row goes in and the other
// insert gets 23505 naming that index — the answer the app turns into "skipped, already imported".

function row(userId: string, driveFileId: string, id: string = randomUUID()) {
  return {
    id, name: 'Insurance.pdf', storage_path: `${userId}/${id}/Insurance.pdf`, mime_type: 'application/pdf', size: 8, sha256: 'a'.repeat(64),
    extraction_status: 'none' as const, source: 'drive' as const, drive_file_id: driveFileId, drive_modified_time: '2026-11-01T00:00:00Z',
  };
}

/** The documents area's store, wired as the app wires it, on one device's client. */
function documentStore(client: SupabaseClient): DocumentStore {
  const bucket = () => client.storage.from('documents');
  return {
    async putObject(path, body, options) {
      const { error } = await bucket().upload(path, body, { contentType: options.contentType, upsert: options.upsert });
      if (error) throw error;
    },
    insertRow: (r) => insertDocument(client, r),
    getRow: (id) => getDocument(client, id),
    async removeObject(path) {
      const { error } = await bucket().remove([path]);
      if (error) throw error;
    },
    findByDriveFile: (userId, driveFileId) => documentByDriveFile(client, userId, driveFileId),
  };
}

const driveId = () => `1${randomUUID().replace(/-/g, '')}`;

describe.each(databasesSync())('two devices importing the same Drive file at once on %s', (database) => {
  const people = withPeople(database, { names: ['ada'] });

  it('exactly one row; the other insert gets 23505 naming the Drive-origin index, in PostgREST\'s shape', async () => {
    const { stack, ada } = people();
    const laptop = await secondDevice(stack, ada);
    const file = driveId();
    const answers = await Promise.all([ada.client, laptop].map((client) => client.from('documents').insert(row(ada.id, file)).select('id').single()));
    const won = answers.filter((a) => a.error === null);
    const lost = answers.filter((a) => a.error !== null);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].status).toBe(409);
    expect(lost[0].error).toMatchObject({ code: '23505', message: `duplicate key value violates unique constraint "${DRIVE_ORIGIN_INDEX}"` });
    expect(isDriveOriginConflict(lost[0].error)).toBe(true);
    const rows = await ada.client.from('documents').select('id').eq('drive_file_id', file);
    expect(rows.data).toEqual([{ id: won[0].data!.id }]);

    // Raw HTTP, as hosted PostgREST answers it: 409 and {code, details, hint, message}.
    const raw = await fetch(`${stack.url}/rest/v1/documents`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${ada.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(row(ada.id, file)),
    });
    expect(raw.status).toBe(409);
    const body = (await raw.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(body).toMatchObject({ code: '23505', message: `duplicate key value violates unique constraint "${DRIVE_ORIGIN_INDEX}"` });
    // PostgreSQL leaves out the "Key (…)=(…) already exists." detail on a table with row level
    // security (so no other row's values leak), hence details is null and the index name in the
    // message is what the app matches on.
    expect(body.details).toBeNull();

    // Another unique conflict (the same id twice) is a 23505 the app does not take for a Drive duplicate.
    const again = await ada.client.from('documents').insert(row(ada.id, driveId(), won[0].data!.id)).select('id').single();
    expect(again.error?.code).toBe('23505');
    expect(isDriveOriginConflict(again.error)).toBe(false);
  });

  it('the app\'s upload on both devices: one document, the other "already imported" with its id, no orphan object', async () => {
    const { stack, ada } = people();
    const laptop = await secondDevice(stack, ada);
    const driveOrigin = { driveFileId: driveId(), driveModifiedTime: '2026-11-01T00:00:00.000Z' };
    const pdf = new Blob(['%PDF-1.4 policy'], { type: 'application/pdf' });
    const ids = [randomUUID(), randomUUID()];
    const attempt = (client: SupabaseClient, documentId: string) =>
      storeDocument(documentStore(client), pdf, {
        documentId, userId: ada.id, name: 'Insurance.pdf', mimeType: 'application/pdf', sha256: 'b'.repeat(64),
        extractionStatus: 'none', source: 'drive', driveOrigin,
      }).then((document) => ({ document }), (error: unknown) => ({ error }));
    const outcomes = await Promise.all([attempt(ada.client, ids[0]), attempt(laptop, ids[1])]);
    const winner = outcomes.findIndex((o) => 'document' in o);
    expect(winner).toBeGreaterThanOrEqual(0);
    const loser = 1 - winner;
    const refused = (outcomes[loser] as { error: unknown }).error;
    expect(refused).toBeInstanceOf(AlreadyImportedError);
    expect((refused as AlreadyImportedError).existing.id).toBe(ids[winner]);

    const rows = await ada.client.from('documents').select('id').eq('drive_file_id', driveOrigin.driveFileId);
    expect(rows.data).toEqual([{ id: ids[winner] }]);
    // The winner's object is there; the loser's was removed (nothing half-imported).
    const bucket = ada.client.storage.from('documents');
    const kept = await bucket.list(`${ada.id}/${ids[winner]}`);
    expect((kept.data ?? []).map((o) => o.name)).toContain('Insurance.pdf');
    const orphan = await bucket.list(`${ada.id}/${ids[loser]}`);
    expect(orphan.error).toBeNull();
    expect(orphan.data ?? []).toEqual([]);
    expect((await bucket.download(`${ada.id}/${ids[loser]}/Insurance.pdf`)).error).not.toBeNull();
  });
});
