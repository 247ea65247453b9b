import { databasesSync } from './support/test-stack';
import { type TestUser, withPeople } from './support/users';

// Issue #10 §1 (bodies), §3 (bad input → 4xx, never 5xx) and §4 (stored files are never active
// content). Each test failed on the stack before the fix.

const MiB = 1024 * 1024;

/** A body of `total` bytes sent chunked (no Content-Length), made as it is read. */
function chunked(total: number, chunk = MiB): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const n = Math.min(chunk, total - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(0x20));
    },
  });
}

/** The status of a request whose body may be cut off by an early answer (undici then reports the answer or a reset). */
async function statusOf(url: string, init: RequestInit): Promise<number> {
  const res = await fetch(url, { ...init, duplex: 'half' } as RequestInit);
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
}

// A fresh PGlite stack takes long on a busy machine.
jest.setTimeout(180_000);

describe.each(databasesSync())('bad input on %s', (database) => {
  const people = withPeople(database);
  const auth = (u: TestUser) => ({ apikey: people().stack.anonKey, Authorization: `Bearer ${u.accessToken}` });

  it("answers rpc calls on another person's tag or category with 404, not 500", async () => {
    const { alice, bob } = people();
    const tag = await alice.client.from('tags').insert({ user_id: alice.id, name: 'mine' }).select('id').single();
    expect(tag.error).toBeNull();
    const merge = await bob.client.rpc('merge_tags', { source_ids: [], target_id: tag.data!.id });
    expect(merge.status).toBe(404);
    const category = await alice.client.from('user_document_categories').insert({ user_id: alice.id, name: 'Private' }).select('id').single();
    expect(category.error).toBeNull();
    const del = await bob.client.rpc('delete_document_category', { category_id: category.data!.id });
    expect(del.status).toBe(404);
    const still = await alice.client.from('user_document_categories').select('id').eq('id', category.data!.id);
    expect(still.data).toHaveLength(1);
  });

  it('refuses a filter on a relation that is not embedded with PGRST108', async () => {
    const { stack, alice } = people();
    const res = await fetch(`${stack.url}/rest/v1/documents?select=id&tags.name=eq.x`, { headers: auth(alice) });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('PGRST108');
  });

  it('refuses a cacheControl holding CR/LF and stores nothing', async () => {
    const { stack, alice } = people();
    const form = new FormData();
    form.set('cacheControl', '3600\r\nSet-Cookie: x=1');
    form.set('', new Blob(['hello'], { type: 'text/plain' }), 'a.txt');
    const res = await fetch(`${stack.url}/storage/v1/object/documents/${alice.id}/crlf/a.txt`, { method: 'POST', headers: auth(alice), body: form });
    expect(res.status).toBe(400);
    const rows = await stack.db.admin((q) => q.query(`select 1 from storage.objects where name = $1`, [`${alice.id}/crlf/a.txt`]));
    expect(rows.rows).toHaveLength(0);
  });

  it('refuses a multipart body with a broken boundary with 400', async () => {
    const { stack, alice } = people();
    const res = await fetch(`${stack.url}/storage/v1/object/documents/${alice.id}/broken/a.txt`, {
      method: 'POST',
      headers: { ...auth(alice), 'content-type': 'multipart/form-data; boundary=abc' },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--xyz--',
    });
    expect(res.status).toBe(400);
  });

  it('serves ?download=%01 as a download with a valid header, and the connection stays usable', async () => {
    const { stack, alice } = people();
    const up = await alice.client.storage.from('documents').upload(`${alice.id}/dl/a.pdf`, Buffer.from('%PDF-1.4'), { contentType: 'application/pdf' });
    expect(up.error).toBeNull();
    const res = await fetch(`${stack.url}/storage/v1/object/authenticated/documents/${alice.id}/dl/a.pdf?download=%01`, { headers: auth(alice) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="_"/);
    expect(await res.text()).toBe('%PDF-1.4');
    const again = await fetch(`${stack.url}/storage/v1/object/authenticated/documents/${alice.id}/dl/a.pdf`, { headers: auth(alice) });
    expect(again.status).toBe(200);
  });

  it('signs URLs for keys containing ?, spaces and &, which then download (raw and through supabase-js)', async () => {
    const { stack, alice } = people();
    const key = `${alice.id}/odd/what? (v2) &co.pdf`;
    const encoded = key.split('/').map(encodeURIComponent).join('/');
    const up = await fetch(`${stack.url}/storage/v1/object/documents/${encoded}`, { method: 'POST', headers: { ...auth(alice), 'content-type': 'application/pdf' }, body: '%PDF odd' });
    expect(up.status).toBe(200);
    const sign = await fetch(`${stack.url}/storage/v1/object/sign/documents/${encoded}`, {
      method: 'POST',
      headers: { ...auth(alice), 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn: 60 }),
    });
    expect(sign.status).toBe(200);
    const { signedURL } = (await sign.json()) as { signedURL: string };
    const raw = await fetch(`${stack.url}/storage/v1${signedURL}`);
    expect(raw.status).toBe(200);
    expect(await raw.text()).toBe('%PDF odd');
    // storage-js passes signed paths through encodeURI.
    const many = await alice.client.storage.from('documents').createSignedUrls([key], 60);
    expect(many.data?.[0].error).toBeNull();
    const viaClient = await fetch(many.data![0].signedUrl!);
    expect(viaClient.status).toBe(200);
    expect(await viaClient.text()).toBe('%PDF odd');
  });

  it('serves an uploaded HTML or SVG file as an attachment under a sandbox CSP, never as a page of the API origin', async () => {
    const { stack, alice } = people();
    for (const [name, type, body] of [
      ['page.html', 'text/html', '<script>alert(1)</script>'],
      ['image.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ] as const) {
      const up = await alice.client.storage.from('documents').upload(`${alice.id}/active/${name}`, Buffer.from(body), { contentType: type });
      expect(up.error).toBeNull();
      const res = await fetch(`${stack.url}/storage/v1/object/authenticated/documents/${alice.id}/active/${name}`, { headers: auth(alice) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const pdf = await fetch(`${stack.url}/storage/v1/object/authenticated/documents/${alice.id}/dl/a.pdf`, { headers: auth(alice) });
    expect(pdf.headers.get('content-disposition')).toBeNull();
  });

  it('answers 413 early to oversized bodies without Content-Length: storage JSON, bucket create, functions, multipart', async () => {
    const { stack, alice } = people();
    const service = { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}` };
    expect(await statusOf(`${stack.url}/storage/v1/object/list/documents`, { method: 'POST', headers: { ...auth(alice), 'content-type': 'application/json' }, body: chunked(8 * MiB) })).toBe(413);
    expect(await statusOf(`${stack.url}/storage/v1/bucket`, { method: 'POST', headers: { ...service, 'content-type': 'application/json' }, body: chunked(8 * MiB) })).toBe(413);
    expect(await statusOf(`${stack.url}/functions/v1/whoami`, { method: 'POST', headers: { ...auth(alice), 'content-type': 'application/json' }, body: chunked(40 * MiB) })).toBe(413);
    expect(
      await statusOf(`${stack.url}/storage/v1/object/documents/${alice.id}/big/a.bin`, {
        method: 'POST',
        headers: { ...auth(alice), 'content-type': 'multipart/form-data; boundary=abc' },
        body: chunked(80 * MiB),
      }),
    ).toBe(413);
  });
});
