import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findRepoRoot } from '../src/config';
import { createJwtService } from '../src/http/jwt';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { createTestUser, type TestUser } from './support/users';

// Issue #10 §5: closer to Supabase — each behaviour through supabase-js (or the raw request it
// sends), on both databases.

jest.setTimeout(180_000);

/** A function that answers its own preflight with its own CORS headers and echoes its caller. */
const PROBE_FUNCTION = `Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') {
    return new Response(null, { status: 204, headers: { 'Access-Control-Allow-Origin': 'https://app.example', 'Access-Control-Allow-Headers': 'authorization, x-probe', 'Access-Control-Max-Age': '7' } });
  }
  return new Response(JSON.stringify({ ok: true }), { headers: { 'content-type': 'application/json', 'Access-Control-Allow-Origin': 'https://app.example' } });
});
`;

describe.each(databasesSync())('Supabase behaviours on %s', (database) => {
  let stack: TestStack;
  let user: TestUser;
  let supabaseDir: string;
  beforeAll(async () => {
    // The repository's supabase/ folder plus one probe function.
    const repo = path.join(findRepoRoot(), 'supabase');
    supabaseDir = mkdtempSync(path.join(os.tmpdir(), 'dossier-supabase-'));
    symlinkSync(path.join(repo, 'migrations'), path.join(supabaseDir, 'migrations'));
    cpSync(path.join(repo, 'config.toml'), path.join(supabaseDir, 'config.toml'));
    cpSync(path.join(repo, 'seed.sql'), path.join(supabaseDir, 'seed.sql'));
    mkdirSync(path.join(supabaseDir, 'functions', 'probe'), { recursive: true });
    writeFileSync(path.join(supabaseDir, 'functions', 'probe', 'index.ts'), PROBE_FUNCTION);
    stack = await startTestStack({ database, overrides: { supabaseDir } });
    user = await createTestUser(stack, 'compat');
  });
  afterAll(async () => {
    await stack?.stop();
    rmSync(supabaseDir, { recursive: true, force: true });
  });

  it('Prefer: handling=strict, max-affected refuses (and rolls back) a write touching more rows', async () => {
    const rows = ['a', 'b', 'c'].map((name) => ({ user_id: user.id, name: `max-${name}` }));
    expect((await user.client.from('tags').insert(rows)).error).toBeNull();
    const res = await fetch(`${stack.url}/rest/v1/tags?name=like.max-*`, {
      method: 'PATCH',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json', Prefer: 'handling=strict, max-affected=2' },
      body: JSON.stringify({ color: '#000000' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('PGRST124');
    const after = await user.client.from('tags').select('color').like('name', 'max-*');
    expect(after.data!.every((t) => t.color !== '#000000')).toBe(true);
    // postgrest-js types maxAffected for PostgREST 13 clients only; the request it sends is the same.
    const builder = user.client.from('tags').delete().like('name', 'max-*') as unknown as { maxAffected(n: number): PromiseLike<{ error: unknown; status: number }> };
    const within = await builder.maxAffected(3);
    expect(within.error).toBeNull();
    expect((await user.client.from('tags').select('id').like('name', 'max-*')).data).toEqual([]);
  });

  it('aggregates in select (count(), sum()) as PostgREST 12 does, once the database enables them (the migration does)', async () => {
    expect((await user.client.from('tags').insert([{ user_id: user.id, name: 'agg-1' }, { user_id: user.id, name: 'agg-2' }])).error).toBeNull();
    const res = await user.client.from('tags').select('count()').like('name', 'agg-*');
    expect(res.error).toBeNull();
    expect(res.data).toEqual([{ count: 2 }]);
  });

  it('counts the rows of a set-returning rpc()', async () => {
    expect((await user.client.from('tags').insert([{ user_id: user.id, name: 'count-1' }, { user_id: user.id, name: 'count-2' }])).error).toBeNull();
    const res = await user.client.rpc('tag_usage', {}, { count: 'exact' });
    expect(res.error).toBeNull();
    expect(res.count).toBe(res.data!.length);
    expect(res.count).toBeGreaterThanOrEqual(2);
    const head = await user.client.rpc('tag_usage', {}, { count: 'exact', head: true });
    expect(head.count).toBe(res.count);
  });

  it('Edge Functions accept a correctly signed JWT that has no role claim', async () => {
    const token = await createJwtService(stack.config.jwtSecret).sign({ sub: user.id, aud: 'authenticated' } as never, 600);
    const res = await fetch(`${stack.url}/functions/v1/probe`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, apikey: stack.anonKey } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("keeps a function's own CORS headers on preflight", async () => {
    const res = await fetch(`${stack.url}/functions/v1/probe`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, x-probe' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization, x-probe');
    expect(res.headers.get('access-control-max-age')).toBe('7');
  });

  it('embeds many-to-many through a join table (documents ↔ tags through document_tags)', async () => {
    const res = await user.client.from('documents').select('id, tags(name)');
    expect(res.error).toBeNull();
    expect(Array.isArray(res.data)).toBe(true);
  });

  it("lists the person's own folder through storage-js's listV2 (list-v2), in one page", async () => {
    const path = `${user.id}/compat/${randomUUID()}.txt`;
    expect((await user.client.storage.from('documents').upload(path, new Blob(['x'], { type: 'text/plain' }), { contentType: 'text/plain' })).error).toBeNull();
    const bucket = user.client.storage.from('documents') as unknown as {
      listV2(options?: object): Promise<{ data: { hasNext: boolean; objects: { name: string }[] } | null; error: { message: string } | null }>;
    };
    const res = await bucket.listV2({ prefix: `${user.id}/compat/` });
    expect(res.error).toBeNull();
    expect(res.data?.hasNext).toBe(false);
    expect(res.data?.objects.map((o) => o.name)).toEqual([path]);
  });
});
