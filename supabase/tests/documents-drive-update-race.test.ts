import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
// The app's own "Update from Drive" call against the real platform (as documents-drive-import-race
// does for the upload); nothing in local-stack's own code depends on the Drive area.
import { replaceWithNewVersion, type ReplaceOutcome } from '../../mfe-drive-import/src/api/drive-documents';
import { databasesSync } from '../../local-stack/test/support/test-stack';
import { secondDevice, type TestUser, withPeople } from '../../local-stack/test/support/users';

// Issue 12 §4, ADR 0256: two devices of one person run "Update from Drive" for the same changed
// file at the same moment. Both stored a new version; drive_replace_document lets exactly one take
// over the Drive link and answers the other "already replaced" with the winner, deleting that
// device's new row in the same transaction (its object is removed by the app's call).

const driveId = () => `1${randomUUID().replace(/-/g, '')}`;

/** A stored document as the upload leaves it: object first, then its row (ADR 0021), then its thumbnail (ADR 0120). */
async function storedDocument(client: SupabaseClient, user: TestUser, driveFileId: string | null, name = 'Policy.pdf') {
  const id = randomUUID();
  const path = `${user.id}/${id}/${name}`;
  const put = await client.storage.from('documents').upload(path, new Blob([`%PDF-1.4 ${id}`], { type: 'application/pdf' }), { contentType: 'application/pdf' });
  expect(put.error).toBeNull();
  const inserted = await client.from('documents').insert({
    id, user_id: user.id, name, storage_path: path, mime_type: 'application/pdf', size: 46, source: 'drive',
    drive_file_id: driveFileId, drive_modified_time: driveFileId ? '2026-11-01T00:00:00Z' : null,
  }).select('id').single();
  expect(inserted.error).toBeNull();
  const thumbnail = `${user.id}/${id}/.thumbs/first-page.png`;
  expect((await client.storage.from('documents').upload(thumbnail, new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), { contentType: 'image/png' })).error).toBeNull();
  return { id, path, thumbnail };
}

async function objectExists(client: SupabaseClient, path: string): Promise<boolean> {
  return (await client.storage.from('documents').download(path)).error === null;
}

describe.each(databasesSync())('"Update from Drive" on two devices at once on %s', (database) => {
  const people = withPeople(database, { names: ['ada', 'bob'] });
  const modified = '2026-11-20T00:00:00.000Z';

  it('one new version takes the link; the other device is told "already replaced" by it, and its new version is gone — row and object', async () => {
    const { stack, ada } = people();
    const laptop = await secondDevice(stack, ada);
    const file = driveId();
    const previous = await storedDocument(ada.client, ada, file);
    const phoneVersion = await storedDocument(ada.client, ada, null);
    const laptopVersion = await storedDocument(laptop, ada, null);

    const outcomes: ReplaceOutcome[] = await Promise.all([
      replaceWithNewVersion(ada.client, previous.id, phoneVersion.id, file, modified),
      replaceWithNewVersion(laptop, previous.id, laptopVersion.id, file, modified),
    ]);
    const winner = outcomes.findIndex((o) => o.outcome === 'replaced');
    expect(winner).toBeGreaterThanOrEqual(0);
    const [won, lost] = winner === 0 ? [phoneVersion, laptopVersion] : [laptopVersion, phoneVersion];
    expect(outcomes[winner]).toEqual({ outcome: 'replaced', document: { id: won.id, name: 'Policy.pdf' } });
    expect(outcomes[1 - winner]).toEqual({ outcome: 'already_replaced', document: { id: won.id, name: 'Policy.pdf' } });

    // One live document for the Drive file; the previous one in the trash; the loser's row gone.
    const live = await ada.client.from('documents').select('id').eq('drive_file_id', file).is('deleted_at', null);
    expect(live.data).toEqual([{ id: won.id }]);
    const rows = (await ada.client.from('documents').select('id, deleted_at').in('id', [previous.id, won.id, lost.id])).data!;
    expect(rows.map((r) => r.id).sort()).toEqual([previous.id, won.id].sort());
    expect(rows.find((r) => r.id === previous.id)!.deleted_at).not.toBeNull();
    // Nothing half-imported: the loser's object was removed, the winner's and the previous one's stay.
    expect(await objectExists(ada.client, lost.path)).toBe(false);
    expect(await objectExists(ada.client, lost.thumbnail)).toBe(false);
    expect(await objectExists(ada.client, won.thumbnail)).toBe(true);
    expect(await objectExists(ada.client, won.path)).toBe(true);
    expect(await objectExists(ada.client, previous.path)).toBe(true);

    // Asked again (a retry after a lost answer), the winner is told it replaced; nothing changes.
    expect(await replaceWithNewVersion(ada.client, previous.id, won.id, file, modified)).toEqual({ outcome: 'replaced', document: { id: won.id, name: 'Policy.pdf' } });
    expect((await ada.client.from('documents').select('id').eq('id', won.id).is('deleted_at', null)).data).toEqual([{ id: won.id }]);
  });

  it('another person can neither replace nor delete through it, with their own copy of the same Drive file either (raw HTTP)', async () => {
    const { stack, ada, bob } = people();
    const file = driveId();
    const previous = await storedDocument(ada.client, ada, file);
    const adasNew = await storedDocument(ada.client, ada, null);
    // Bob imported the same shared Drive file himself, and has a new version of his own.
    const bobsCopy = await storedDocument(bob.client, bob, file);
    const bobsNew = await storedDocument(bob.client, bob, null);

    const rpc = (token: string, args: Record<string, unknown>) =>
      fetch(`${stack.url}/rest/v1/rpc/drive_replace_document`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ drive_file: file, drive_modified: modified, ...args }),
      });
    // Bob aims at Ada's documents: refused, nothing of Ada's changes.
    for (const args of [
      { previous_document: previous.id, new_document: adasNew.id },
      { previous_document: previous.id, new_document: bobsNew.id },
    ]) {
      const answer = await rpc(bob.accessToken, args);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(((await answer.json()) as { code: string }).code).toBe('P0002');
    }
    const adas = (await ada.client.from('documents').select('id, drive_file_id, deleted_at').in('id', [previous.id, adasNew.id])).data!;
    expect(adas.find((r) => r.id === previous.id)).toMatchObject({ drive_file_id: file, deleted_at: null });
    expect(adas.find((r) => r.id === adasNew.id)).toMatchObject({ drive_file_id: null, deleted_at: null });

    // Ada updates; then Bob, holding his own live copy of the same Drive file, replays Ada's
    // previous id: "already replaced" must not be answered for someone else's trash.
    expect((await replaceWithNewVersion(ada.client, previous.id, adasNew.id, file, modified)).outcome).toBe('replaced');
    const replay = await rpc(bob.accessToken, { previous_document: previous.id, new_document: bobsNew.id });
    expect(replay.status).toBeGreaterThanOrEqual(400);
    expect(((await replay.json()) as { code: string }).code).toBe('P0002');
    const bobs = (await bob.client.from('documents').select('id').in('id', [bobsCopy.id, bobsNew.id]).is('deleted_at', null)).data!;
    expect(bobs.map((r) => r.id).sort()).toEqual([bobsCopy.id, bobsNew.id].sort());
    expect(await objectExists(bob.client, bobsNew.path)).toBe(true);
    expect(await objectExists(bob.client, bobsNew.thumbnail)).toBe(true);
    // Not signed in: no access at all.
    const anon = await rpc(stack.anonKey, { previous_document: previous.id, new_document: adasNew.id });
    expect(anon.status).toBeGreaterThanOrEqual(400);
  });
});
