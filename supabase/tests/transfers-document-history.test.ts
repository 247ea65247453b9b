// Document history (issue 13 §3, ADR 0102) on PGlite and PostgreSQL: database triggers record what
// happens to a document whoever does it (supabase-js, raw HTTP, a link visitor, a transfer); only
// the current owner reads it, the previous owner reads only the transfer, nobody writes it.
import { randomUUID } from 'node:crypto';
import { databasesSync } from '../../local-stack/test/support/test-stack.js';
import { serviceClient, type TestUser, withPeople } from '../../local-stack/test/support/users.js';

interface Event {
  kind: string;
  actor_email: string | null;
  detail: Record<string, unknown>;
}

describe.each(databasesSync())('document history on %s', (database) => {
  const people = withPeople(database, { names: ['alice', 'bob', 'carol'] });

  async function history(user: TestUser, documentId: string): Promise<Event[]> {
    const r = await user.client.from('document_events').select('kind,actor_email,detail').eq('document_id', documentId).order('id');
    if (r.error) throw r.error;
    return r.data as Event[];
  }

  it('records every step of a document, including a transfer, for the right readers', async () => {
    const { stack, alice, bob, carol } = people();
    const id = randomUUID();
    const path = `${alice.id}/${id}/lease.pdf`;
    const body = '%PDF-1.4 lease';
    await alice.client.storage.from('documents').upload(path, new Blob([body], { type: 'application/pdf' }), { contentType: 'application/pdf' });
    expect((await alice.client.from('documents').insert({ id, name: 'lease.pdf', storage_path: path, mime_type: 'application/pdf', size: body.length })).error).toBeNull();
    await alice.client.rpc('create_default_categories');
    const category = (await alice.client.from('user_document_categories').select('id').eq('name', 'Real Estate').single()).data!.id;
    const folio = (await alice.client.from('portfolios').insert({ name: 'Flat' }).select('id').single()).data!.id;
    const tag = (await alice.client.from('tags').insert({ name: 'Rent' }).select('id').single()).data!.id;

    // Raw HTTP as Alice: a rename is a rename whoever sends it.
    const renamed = await fetch(`${stack.url}/rest/v1/documents?id=eq.${id}`, {
      method: 'PATCH',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${alice.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Lease 2026.pdf' }),
    });
    expect(renamed.status).toBeLessThan(300);
    await alice.client.from('documents').update({ category_id: category, portfolio_id: folio }).eq('id', id);
    await alice.client.from('document_tags').insert({ document_id: id, tag_id: tag });
    await alice.client.from('document_tags').delete().eq('document_id', id).eq('tag_id', tag);
    await alice.client.from('documents').update({ deleted_at: new Date().toISOString() }).eq('id', id);
    await alice.client.from('documents').update({ deleted_at: null }).eq('id', id);
    const link = await alice.client.rpc('create_share_link', { document_id: id });
    expect(link.error).toBeNull();
    const token = (link.data as Array<{ id: string; token: string }>)[0];
    const opened = await serviceClient(stack).rpc('share_open', { token: token.token });
    expect((opened.data as { status: string }).status).toBe('ok');
    await alice.client.from('share_links').update({ revoked_at: new Date().toISOString() }).eq('id', token.id);

    const before = await history(alice, id);
    expect(before.map((e) => e.kind)).toEqual(['uploaded', 'renamed', 'recategorised', 'moved', 'tagged', 'untagged', 'trashed', 'restored', 'link_created', 'link_opened', 'link_revoked']);
    expect(before[0]).toMatchObject({ actor_email: alice.email.toLowerCase(), detail: { name: 'lease.pdf', from: 'this device' } });
    expect(before[1].detail).toMatchObject({ from: 'lease.pdf', to: 'Lease 2026.pdf' });
    expect(before[2].detail).toMatchObject({ from: null, to: 'Real Estate' });
    expect(before[3].detail).toMatchObject({ to: 'Flat' });
    expect(before[4].detail).toMatchObject({ tag: 'Rent' });
    expect(before[9].actor_email).toBeNull();
    expect(await history(bob, id)).toEqual([]);

    // Nobody writes or rewrites history.
    const forged = await fetch(`${stack.url}/rest/v1/document_events`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${alice.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ document_id: id, kind: 'uploaded' }),
    });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    const wiped = await alice.client.from('document_events').delete().eq('document_id', id).select('id');
    expect(wiped.data ?? []).toEqual([]);
    expect(await history(alice, id)).toHaveLength(11);

    // The transfer: Bob (now the owner) reads everything; Alice only the transfer; Carol nothing.
    const offered = await alice.client.rpc('offer_transfer', { recipient_email: bob.email, document_ids: [id] });
    expect(offered.error).toBeNull();
    const res = await fetch(`${stack.url}/functions/v1/transfer-accept`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${bob.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ transfer_id: offered.data }),
    });
    expect(res.status).toBe(200);
    const bobs = await history(bob, id);
    expect(bobs.map((e) => e.kind)).toEqual([...before.map((e) => e.kind), 'transferred']);
    expect(bobs.at(-1)).toMatchObject({ actor_email: bob.email.toLowerCase(), detail: { from: alice.email.toLowerCase(), to: bob.email.toLowerCase(), name: 'Lease 2026.pdf' } });
    expect((await history(alice, id)).map((e) => e.kind)).toEqual(['transferred']);
    expect(await history(carol, id)).toEqual([]);
    // The move itself left no stray rename/move/untag events.
    expect(bobs.filter((e) => e.kind === 'untagged')).toHaveLength(1);
  });

  it('says where an imported document came from', async () => {
    const { carol } = people();
    const id = randomUUID();
    const path = `${carol.id}/${id}/scan.pdf`;
    await carol.client.storage.from('documents').upload(path, new Blob(['%PDF-1.4 scan'], { type: 'application/pdf' }), { contentType: 'application/pdf' });
    await carol.client.from('documents').insert({ id, name: 'scan.pdf', storage_path: path, mime_type: 'application/pdf', size: 13, source: 'drive' });
    expect(await history(carol, id)).toEqual([expect.objectContaining({ kind: 'imported', detail: expect.objectContaining({ from: 'Google Drive' }) })]);
  });
});
