// Issue 22: a transferred PDF lost its thumbnail. The first-page image stored beside a PDF
// (`{user}/{document}/.thumbs/first-page.png`, ADR 0120) follows the file to the recipient, on a
// move and on keep-a-copy; the sender keeps nothing of a moved document.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { databasesSync } from '../../local-stack/test/support/test-stack.js';
import { type TestUser, withPeople } from '../../local-stack/test/support/users.js';


async function addPdfWithThumbnail(user: TestUser, name: string): Promise<{ id: string; path: string }> {
  const id = randomUUID();
  const path = `${user.id}/${id}/${name}`;
  const body = `%PDF-1.4 ${name} ${id}`;
  const up = await user.client.storage.from('documents').upload(path, new Blob([body], { type: 'application/pdf' }), { contentType: 'application/pdf' });
  if (up.error) throw up.error;
  // As the library stores it after an upload (mfe-documents putThumbnail).
  const thumb = await user.client.storage.from('documents').upload(`${user.id}/${id}/.thumbs/first-page.png`, new Blob([new Uint8Array(PNG)], { type: 'image/png' }), { contentType: 'image/png' });
  if (thumb.error) throw thumb.error;
  const row = await user.client.from('documents').insert({ id, name, storage_path: path, mime_type: 'application/pdf', size: body.length });
  if (row.error) throw row.error;
  return { id, path };
}

let PNG: Buffer;
beforeAll(async () => {
  PNG = await sharp({ create: { width: 120, height: 160, channels: 3, background: { r: 240, g: 240, b: 240 } } }).png().toBuffer();
});

describe.each(databasesSync())('a transferred PDF keeps its thumbnail on %s', (database) => {
  const people = withPeople(database, { names: ['alice', 'bob'], overrides: { schedulerTickMs: 0 } });

  async function accept(user: TestUser, transferId: string): Promise<number> {
    const { stack } = people();
    const res = await fetch(`${stack.url}/functions/v1/transfer-accept`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${user.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ transfer_id: transferId }),
    });
    return res.status;
  }

  async function offer(user: TestUser, args: Record<string, unknown>): Promise<string> {
    const r = await user.client.rpc('offer_transfer', args);
    if (r.error) throw new Error(`offer_transfer: ${r.error.message}`);
    return r.data as string;
  }

  async function thumbnailOf(user: TestUser, documentId: string): Promise<Buffer | null> {
    const r = await user.client.storage.from('documents').download(`${user.id}/${documentId}/.thumbs/first-page.png`);
    return r.error ? null : Buffer.from(await r.data.arrayBuffer());
  }

  async function objectNames(prefix: string): Promise<string[]> {
    const { stack } = people();
    const r = await stack.db.admin((q) => q.query<{ name: string }>(`select name from storage.objects where bucket_id = 'documents' and name like $1 || '%' order by name`, [prefix]));
    return r.rows.map((x) => x.name);
  }

  it('moves the thumbnail with the file, and the recipient can draw it as a thumbnail', async () => {
    const { alice, bob } = people();
    const doc = await addPdfWithThumbnail(alice, 'lease.pdf');
    expect(await accept(bob, await offer(alice, { recipient_email: bob.email, document_ids: [doc.id] }))).toBe(200);

    expect(await thumbnailOf(bob, doc.id)).toEqual(PNG);
    // The grid signs a resized rendition of it, as for any PDF of the recipient's own.
    const signed = await bob.client.storage.from('documents').createSignedUrl(`${bob.id}/${doc.id}/.thumbs/first-page.png`, 60, { transform: { width: 80, height: 80, resize: 'cover' } });
    expect(signed.error).toBeNull();
    expect((await fetch(signed.data!.signedUrl)).status).toBe(200);
    expect(await objectNames(`${alice.id}/${doc.id}/`)).toEqual([]);
  });

  it('copies it for a kept copy, and the sender keeps theirs', async () => {
    const { alice, bob } = people();
    const doc = await addPdfWithThumbnail(alice, 'insurance.pdf');
    const id = await offer(alice, { recipient_email: bob.email, document_ids: [doc.id], keep_copy: true });
    expect(await accept(bob, id)).toBe(200);
    const mine = (await bob.client.rpc('my_transfers')).data as Array<{ id: string; items: Array<{ document_id: string }> }>;
    const copyId = mine.find((t) => t.id === id)!.items[0].document_id;

    expect(copyId).not.toBe(doc.id);
    expect(await thumbnailOf(bob, copyId)).toEqual(PNG);
    expect(await thumbnailOf(alice, doc.id)).toEqual(PNG);
  });
});
