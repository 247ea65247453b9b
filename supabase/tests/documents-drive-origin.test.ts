import { randomUUID } from 'node:crypto';
import { databasesSync } from '../../local-stack/test/support/test-stack';
import { anonClient, type TestUser, withPeople } from '../../local-stack/test/support/users';

// Migration 20261123000400: a document's Drive origin (drive_file_id, drive_modified_time) is its
// owner's to record; nobody else can read or change it; one live document per Drive file and person.

async function insertDoc(user: TestUser, driveFileId: string | null) {
  const id = randomUUID();
  return user.client.from('documents').insert({
    id, user_id: user.id, name: 'a.pdf', storage_path: `${user.id}/${id}/a.pdf`, mime_type: 'application/pdf', size: 3,
    source: 'drive', drive_file_id: driveFileId, drive_modified_time: driveFileId ? '2026-11-01T00:00:00Z' : null,
  }).select('id').single();
}

describe.each(databasesSync())('documents Drive origin on %s', (database) => {
  const people = withPeople(database, { names: ['ada', 'bob'] });
  it('the owner records the origin; one live document per Drive file; others see and change nothing', async () => {
    const { stack, ada, bob } = people();
    const driveId = `1${randomUUID().replace(/-/g, '')}`;
    const first = await insertDoc(ada, driveId);
    expect(first.error).toBeNull();
    const twice = await insertDoc(ada, driveId);
    expect(twice.error?.code).toBe('23505');
    // Another person may import the same shared Drive file into their own documents.
    expect((await insertDoc(bob, driveId)).error).toBeNull();

    const later = await insertDoc(ada, null);
    const recorded = await ada.client.from('documents').update({ drive_file_id: `2${driveId.slice(1)}`, drive_modified_time: '2026-11-02T00:00:00Z' }).eq('id', later.data!.id).select('drive_file_id');
    expect(recorded.error).toBeNull();
    expect(recorded.data).toHaveLength(1);

    const stolen = await bob.client.from('documents').update({ drive_file_id: null }).eq('id', first.data!.id).select('id');
    expect(stolen.data).toEqual([]);
    expect((await bob.client.from('documents').select('drive_file_id').eq('id', first.data!.id)).data).toEqual([]);
    expect((await anonClient(stack).from('documents').select('drive_file_id').eq('drive_file_id', driveId)).data ?? []).toEqual([]);

    // Raw HTTP, as any client would send it.
    const raw = await fetch(`${stack.url}/rest/v1/documents?drive_file_id=eq.${driveId}&select=id`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${bob.accessToken}` } });
    expect(raw.status).toBe(200);
    expect(((await raw.json()) as unknown[]).length).toBe(1); // Bob's own import only
  });

  it('refuses a malformed Drive id', async () => {
    const { ada } = people();
    expect((await insertDoc(ada, "x' or 1=1")).error?.code).toBe('23514');
  });

  it('drive_replace_document hands the Drive link, the place and the tags to the new version and trashes the old one — for its owner only', async () => {
    const { ada, bob } = people();
    const driveId = `3${randomUUID().replace(/-/g, '')}`;
    const old = (await insertDoc(ada, driveId)).data!.id;
    const tag = (await ada.client.from('tags').insert({ name: `t${Date.now().toString(36)}` }).select('id').single()).data!.id;
    expect((await ada.client.from('document_tags').insert({ document_id: old, tag_id: tag })).error).toBeNull();
    expect((await ada.client.from('documents').update({ notes: 'keep me' }).eq('id', old)).error).toBeNull();
    const fresh = (await insertDoc(ada, null)).data!.id;

    // Someone else cannot move Ada's link, nor mix Ada's and their own documents.
    const bobs = (await insertDoc(bob, null)).data!.id;
    const stolen = await bob.client.rpc('drive_replace_document', { previous_document: old, new_document: bobs, drive_file: driveId, drive_modified: '2026-11-05T00:00:00Z' });
    expect(stolen.error?.code).toBe('P0002');

    const done = await ada.client.rpc('drive_replace_document', { previous_document: old, new_document: fresh, drive_file: driveId, drive_modified: '2026-11-05T00:00:00Z' });
    expect(done.error).toBeNull();
    const rows = (await ada.client.from('documents').select('id, drive_file_id, drive_modified_time, deleted_at, notes').in('id', [old, fresh])).data!;
    const before = rows.find((r) => r.id === old)!;
    const after = rows.find((r) => r.id === fresh)!;
    expect(before).toMatchObject({ drive_file_id: null, deleted_at: expect.any(String) });
    expect(after).toMatchObject({ drive_file_id: driveId, deleted_at: null, notes: 'keep me' });
    expect(Date.parse(after.drive_modified_time)).toBe(Date.parse('2026-11-05T00:00:00Z'));
    expect((await ada.client.from('document_tags').select('tag_id').eq('document_id', fresh)).data).toEqual([{ tag_id: tag }]);
    // Done once: asked again (a retry after a lost answer), it says so and changes nothing (ADR 0256).
    const again = await ada.client.rpc('drive_replace_document', { previous_document: old, new_document: fresh, drive_file: driveId, drive_modified: '2026-11-05T00:00:00Z' });
    expect(again.error).toBeNull();
    expect(again.data).toEqual({ outcome: 'replaced', document: { id: fresh, name: 'a.pdf' } });
  });
});

