// Issue 22 §4: what the anonymous visitor of a shared portfolio receives — a thumbnail URL for each
// shared image and for each shared PDF whose first page is stored, and the owner's name for the
// link. The URLs are signed, short-lived and resized; nothing else of the owner's storage (keys,
// documents outside the portfolio) reaches the visitor.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { databasesSync } from '../../local-stack/test/support/test-stack.js';
import { type TestUser, withPeople } from '../../local-stack/test/support/users.js';

interface Opened {
  status: string;
  label?: string;
  title?: string;
  documents?: Array<{ id: string; name: string; thumbnail_url?: string }>;
}

let PNG: Buffer;
beforeAll(async () => {
  PNG = await sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 250, g: 250, b: 250 } } }).png().toBuffer();
});

async function put(user: TestUser, path: string, body: Buffer | string, type: string) {
  const up = await user.client.storage.from('documents').upload(path, new Blob([typeof body === 'string' ? body : new Uint8Array(body)], { type }), { contentType: type });
  if (up.error) throw up.error;
}

async function addDocument(user: TestUser, name: string, type: string, options: { portfolioId?: string | null; thumbnail?: boolean } = {}): Promise<string> {
  const id = randomUUID();
  const path = `${user.id}/${id}/${name}`;
  const body = type.startsWith('image/') ? PNG : `%PDF-1.4 ${name}`;
  await put(user, path, body, type);
  if (options.thumbnail) await put(user, `${user.id}/${id}/.thumbs/first-page.png`, PNG, 'image/png');
  const row = await user.client.from('documents').insert({ id, name, storage_path: path, mime_type: type, size: body.length, portfolio_id: options.portfolioId ?? null });
  if (row.error) throw row.error;
  return id;
}

describe.each(databasesSync())('a shared portfolio’s thumbnails and link name on %s', (database) => {
  const people = withPeople(database, { names: ['alice'] });
  let address = 0;

  async function open(token: string): Promise<{ raw: string; body: Opened }> {
    const { stack } = people();
    const res = await fetch(`${stack.url}/functions/v1/share-resolve`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}`, 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${++address}` },
      body: JSON.stringify({ action: 'open', token }),
    });
    const raw = await res.text();
    return { raw, body: JSON.parse(raw) as Opened };
  }

  it('gives signed, resized thumbnails of the shared documents only, and the owner’s name for the link', async () => {
    const { alice } = people();
    const folio = await alice.client.from('portfolios').insert({ name: 'Visa' }).select('id').single();
    const portfolioId = folio.data!.id as string;
    const drawnPdf = await addDocument(alice, 'passport.pdf', 'application/pdf', { portfolioId, thumbnail: true });
    const photo = await addDocument(alice, 'photo.png', 'image/png', { portfolioId });
    const undrawnPdf = await addDocument(alice, 'bank.pdf', 'application/pdf', { portfolioId });
    const outside = await addDocument(alice, 'private.pdf', 'application/pdf', { thumbnail: true });
    const link = await alice.client.rpc('create_share_link', { portfolio_id: portfolioId, label: 'For the embassy' });
    expect(link.error).toBeNull();
    const token = (link.data as Array<{ token: string }>)[0].token;

    const { raw, body } = await open(token);
    expect(body).toMatchObject({ status: 'ok', title: 'Visa', label: 'For the embassy' });
    const byId = new Map(body.documents!.map((d) => [d.id, d]));
    expect([...byId.keys()].sort()).toEqual([drawnPdf, photo, undrawnPdf].sort());
    expect(byId.get(undrawnPdf)!.thumbnail_url).toBeUndefined();
    expect(raw).not.toContain(outside);
    // No storage key reaches the visitor apart from the signed URLs themselves (as for a preview).
    expect(JSON.stringify({ ...body, documents: body.documents!.map(({ thumbnail_url: _url, ...rest }) => rest) })).not.toContain(alice.id);

    for (const id of [drawnPdf, photo]) {
      const url = byId.get(id)!.thumbnail_url!;
      expect(url).toMatch(/\/storage\/v1\/render\/image\/sign\/documents\//);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([96, 96]);
      // Short-lived: the signature expires within five minutes.
      const claims = JSON.parse(Buffer.from(new URL(url).searchParams.get('token')!.split('.')[1], 'base64url').toString()) as { exp: number; iat: number };
      expect(claims.exp - claims.iat).toBeLessThanOrEqual(300);
    }
  });

  it('an unnamed link has an empty label, and a document link shows only its document', async () => {
    const { alice } = people();
    const pdf = await addDocument(alice, 'lease.pdf', 'application/pdf', { thumbnail: true });
    const link = await alice.client.rpc('create_share_link', { document_id: pdf });
    const { body } = await open((link.data as Array<{ token: string }>)[0].token);
    expect(body.label).toBe('');
    expect(body.documents!.map((d) => [d.id, Boolean(d.thumbnail_url)])).toEqual([[pdf, true]]);
  });

  it('a link named before names were shown to visitors keeps its name private', async () => {
    const { alice, stack } = people();
    const pdf = await addDocument(alice, 'letter.pdf', 'application/pdf');
    const link = await alice.client.rpc('create_share_link', { document_id: pdf, label: 'Accountant' });
    const { token, id } = (link.data as Array<{ token: string; id: string }>)[0];
    // As the migration leaves every link that existed before it.
    await stack.runScript(`update public.share_links set label_shown_to_visitors = false where id = '${id}'`);
    const { raw, body } = await open(token);
    expect(body.status).toBe('ok');
    expect(body.label).toBe('');
    expect(raw).not.toContain('Accountant');
    const own = await alice.client.from('share_links').select('label').eq('id', id).single();
    expect(own.data).toEqual({ label: 'Accountant' });
  });

  it('nothing but the function may ask for a visit’s thumbnails', async () => {
    const { alice, stack } = people();
    const anon = await fetch(`${stack.url}/rest/v1/rpc/share_visit_extras`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${alice.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ visit: 'a'.repeat(32) }),
    });
    expect([401, 403, 404]).toContain(anon.status);
  });
});
