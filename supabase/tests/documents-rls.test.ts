// Documents area under RLS (issue 5): two real users through supabase-js, on PGlite and PostgreSQL.
// Neither reaches the other's documents, tags, document_tags or stored objects — by REST or by
// storage calls made directly — and full-text search finds a word that is only in extracted_text.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { databasesSync } from '../../local-stack/test/support/test-stack.js';
import { anonClient, withPeople } from '../../local-stack/test/support/users.js';

interface Person {
  client: SupabaseClient;
  id: string;
}

async function addDocument(person: Person, fields: { name: string; extracted_text?: string; notes?: string }) {
  const id = randomUUID();
  const path = `${person.id}/${id}/${fields.name}`;
  const upload = await person.client.storage
    .from('documents')
    .upload(path, new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }), { contentType: 'application/pdf' });
  if (upload.error) throw new Error(`upload failed: ${upload.error.message}`);
  const { data, error } = await person.client
    .from('documents')
    .insert({ id, name: fields.name, storage_path: path, mime_type: 'application/pdf', size: 13, extracted_text: fields.extracted_text, notes: fields.notes })
    .select('id,storage_path')
    .single();
  if (error) throw new Error(`insert failed: ${error.message}`);
  return data as { id: string; storage_path: string };
}

describe.each(databasesSync())('documents under RLS on %s', (database) => {
  const people = withPeople(database);
  let aliceDoc: { id: string; storage_path: string };
  let aliceTagId: string;

  beforeAll(async () => {
    const { alice } = people();
    aliceDoc = await addDocument(alice, {
      name: 'Passport scan.pdf',
      extracted_text: 'Issued by the ministry; holder signature quetzalcoatl appears here',
      notes: 'renew next spring',
    });
    const tag = await alice.client.from('tags').insert({ name: 'Identity' }).select('id').single();
    if (tag.error) throw tag.error;
    aliceTagId = (tag.data as { id: string }).id;
    const link = await alice.client.from('document_tags').insert({ document_id: aliceDoc.id, tag_id: aliceTagId });
    if (link.error) throw link.error;
  });

  it('lets the owner read her document, tag and link', async () => {
    const { alice } = people();
    const docs = await alice.client.from('documents').select('id,name');
    expect(docs.error).toBeNull();
    expect(docs.data).toEqual([{ id: aliceDoc.id, name: 'Passport scan.pdf' }]);
    const links = await alice.client.from('document_tags').select('document_id,tag_id');
    expect(links.data).toEqual([{ document_id: aliceDoc.id, tag_id: aliceTagId }]);
  });

  it("hides another person's documents, tags and links from select", async () => {
    const { bob } = people();
    const docs = await bob.client.from('documents').select('id').eq('id', aliceDoc.id);
    expect(docs.error).toBeNull();
    expect(docs.data).toEqual([]);
    const tags = await bob.client.from('tags').select('id');
    expect(tags.data).toEqual([]);
    const links = await bob.client.from('document_tags').select('document_id');
    expect(links.data).toEqual([]);
  });

  it("does not let one person change or delete another's rows", async () => {
    const { alice, bob } = people();
    const update = await bob.client.from('documents').update({ name: 'owned' }).eq('id', aliceDoc.id).select('id');
    expect(update.data ?? []).toEqual([]);
    const tagUpdate = await bob.client.from('tags').update({ name: 'owned' }).eq('id', aliceTagId).select('id');
    expect(tagUpdate.data ?? []).toEqual([]);
    const remove = await bob.client.from('documents').delete().eq('id', aliceDoc.id).select('id');
    expect(remove.data ?? []).toEqual([]);
    const unlink = await bob.client.from('document_tags').delete().eq('document_id', aliceDoc.id).select('document_id');
    expect(unlink.data ?? []).toEqual([]);
    const still = await alice.client.from('documents').select('name').eq('id', aliceDoc.id).single();
    expect(still.data).toEqual({ name: 'Passport scan.pdf' });
    const links = await alice.client.from('document_tags').select('tag_id');
    expect(links.data).toHaveLength(1);
  });

  it("refuses rows that claim another person or point at another person's tag", async () => {
    const { alice, bob } = people();
    const id = randomUUID();
    const forged = await bob.client.from('documents').insert({
      id,
      user_id: alice.id,
      name: 'forged.pdf',
      storage_path: `${alice.id}/${id}/forged.pdf`,
      mime_type: 'application/pdf',
      size: 1,
    });
    expect(forged.error).not.toBeNull();
    const bobDoc = await addDocument(bob, { name: 'bob.pdf' });
    const foreignTag = await bob.client.from('document_tags').insert({ document_id: bobDoc.id, tag_id: aliceTagId });
    expect(foreignTag.error).not.toBeNull();
    const foreignDoc = await bob.client.from('document_tags').insert({ document_id: aliceDoc.id, tag_id: aliceTagId });
    expect(foreignDoc.error).not.toBeNull();
  });

  it("keeps stored objects private to their owner's folder", async () => {
    const { alice, bob } = people();
    const own = await alice.client.storage.from('documents').download(aliceDoc.storage_path);
    expect(own.error).toBeNull();
    const read = await bob.client.storage.from('documents').download(aliceDoc.storage_path);
    expect(read.error).not.toBeNull();
    const listing = await bob.client.storage.from('documents').list(alice.id);
    expect(listing.data ?? []).toEqual([]);
    const sign = await bob.client.storage.from('documents').createSignedUrl(aliceDoc.storage_path, 60);
    expect(sign.error).not.toBeNull();
    const write = await bob.client.storage
      .from('documents')
      .upload(`${alice.id}/${randomUUID()}/planted.pdf`, new Blob(['x']), { contentType: 'application/pdf' });
    expect(write.error).not.toBeNull();
    await bob.client.storage.from('documents').remove([aliceDoc.storage_path]);
    const stillThere = await alice.client.storage.from('documents').download(aliceDoc.storage_path);
    expect(stillThere.error).toBeNull();
  });

  it('finds a document by a word that appears only in its extracted text, for its owner only', async () => {
    const { alice, bob } = people();
    const hit = await alice.client.rpc('search_documents', { query: 'quetzalcoatl' });
    expect(hit.error).toBeNull();
    const rows = hit.data as Array<{ id: string; snippet: string; total_count: number }>;
    expect(rows.map((r) => r.id)).toEqual([aliceDoc.id]);
    expect(rows[0].snippet).toContain('\u{E000}quetzalcoatl\u{E001}');
    expect(Number(rows[0].total_count)).toBe(1);
    const other = await bob.client.rpc('search_documents', { query: 'quetzalcoatl' });
    expect(other.error).toBeNull();
    expect(other.data).toEqual([]);
  });

  it('refuses the search to an anonymous visitor', async () => {
    const { stack } = people();
    const anonymous = await anonClient(stack).rpc('search_documents', { query: 'quetzalcoatl' });
    expect(anonymous.error).not.toBeNull();
    expect(anonymous.data ?? []).toEqual([]);
  });

  it('searches tag names and filters by tag through the RPC', async () => {
    const { alice, bob } = people();
    const byTagName = await alice.client.rpc('search_documents', { query: 'identity' });
    expect((byTagName.data as Array<{ id: string }>).map((r) => r.id)).toEqual([aliceDoc.id]);
    const byTag = await alice.client.rpc('search_documents', { tag_ids: [aliceTagId] });
    expect((byTag.data as Array<{ id: string; document_tag_ids: string[] }>)[0].document_tag_ids).toEqual([aliceTagId]);
    const bobByTag = await bob.client.rpc('search_documents', { tag_ids: [aliceTagId] });
    expect(bobByTag.data).toEqual([]);
  });

  it('offers trash older than 30 days for purging, objects first then rows, to its owner only', async () => {
    const { alice, bob } = people();
    const old = await addDocument(alice, { name: 'old receipt.pdf' });
    const recent = await addDocument(alice, { name: 'recent receipt.pdf' });
    const day = 86_400_000;
    await alice.client.from('documents').update({ deleted_at: new Date(Date.now() - 31 * day).toISOString() }).eq('id', old.id);
    await alice.client.from('documents').update({ deleted_at: new Date(Date.now() - 2 * day).toISOString() }).eq('id', recent.id);

    const expired = await alice.client.rpc('expired_trash', { retention_days: 30 });
    expect(expired.error).toBeNull();
    expect(expired.data).toEqual([{ id: old.id, storage_path: old.storage_path }]);
    const notBobs = await bob.client.rpc('expired_trash', { retention_days: 30 });
    expect(notBobs.data).toEqual([]);

    const removed = await alice.client.storage.from('documents').remove([old.storage_path]);
    expect(removed.error).toBeNull();
    const deleted = await alice.client.from('documents').delete().eq('id', old.id);
    expect(deleted.error).toBeNull();
    const gone = await alice.client.storage.from('documents').download(old.storage_path);
    expect(gone.error).not.toBeNull();
    const left = await alice.client.rpc('search_documents', { trashed: true });
    expect((left.data as Array<{ id: string }>).map((r) => r.id)).toEqual([recent.id]);
  });

  it('moves documents to Miscellaneous when their category is deleted', async () => {
    const { alice, bob } = people();
    const cats = await alice.client
      .from('user_document_categories')
      .insert([
        { user_id: alice.id, name: 'Travel' },
        { user_id: alice.id, name: 'Miscellaneous' },
      ])
      .select('id,name');
    expect(cats.error).toBeNull();
    const travel = (cats.data as Array<{ id: string; name: string }>).find((c) => c.name === 'Travel')!;
    const misc = (cats.data as Array<{ id: string; name: string }>).find((c) => c.name === 'Miscellaneous')!;
    await alice.client.from('documents').update({ category_id: travel.id }).eq('id', aliceDoc.id);
    const bobTry = await bob.client.rpc('delete_document_category', { category_id: travel.id });
    expect(bobTry.error).not.toBeNull();
    const moved = await alice.client.rpc('delete_document_category', { category_id: travel.id });
    expect(moved.error).toBeNull();
    expect(moved.data).toBe(misc.id);
    const doc = await alice.client.from('documents').select('category_id').eq('id', aliceDoc.id).single();
    expect(doc.data).toEqual({ category_id: misc.id });
  });
});
