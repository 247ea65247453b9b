import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { createTestUser, type TestUser } from './support/users';
import { startupBanner } from '../src/http/banner';

describe.each(databasesSync())('the API server on %s', (database) => {
  let stack: TestStack;
  let user: TestUser;
  const lines: string[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ database, log: (l) => lines.push(l) });
    await stack.runScript(`create function public.probe_slow(ms int) returns text language sql volatile
      as $$ select pg_sleep(ms / 1000.0)::text || 'done' $$;`);
    user = await createTestUser(stack, 'server');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('logs one line per request: method, path, status, ms and user id', async () => {
    await fetch(`${stack.url}/rest/v1/user_document_categories?select=id`, {
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${user.accessToken}` },
    });
    await fetch(`${stack.url}/rest/v1/default_document_categories?select=name`, { headers: { apikey: stack.anonKey } });
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^GET /rest/v1/user_document_categories 200 \\d+(\\.\\d)?ms ${user.id}$`)));
    expect(lines).toContainEqual(expect.stringMatching(/^GET \/rest\/v1\/default_document_categories 200 \d+(\.\d)?ms -$/));
  });

  it("answers CORS preflights for the app's origins, with credentials and the client's headers", async () => {
    const res = await fetch(`${stack.url}/rest/v1/user_document_categories`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:4200',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization,apikey,content-type,x-client-info,prefer,accept-profile,content-profile',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4200');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const h of ['authorization', 'apikey', 'content-type', 'x-client-info', 'prefer', 'range', 'accept-profile', 'content-profile', 'x-upsert']) {
      expect(allowed).toContain(h);
    }
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('exposes Content-Range and X-Supabase-Api-Version to the browser, and ignores foreign origins', async () => {
    const ok = await fetch(`${stack.url}/rest/v1/default_document_categories?select=name`, {
      headers: { apikey: stack.anonKey, Origin: 'http://localhost:4205' },
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:4205');
    const exposed = (ok.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    expect(exposed).toContain('content-range');
    expect(exposed).toContain('x-supabase-api-version');
    const foreign = await fetch(`${stack.url}/rest/v1/default_document_categories?select=name`, {
      headers: { apikey: stack.anonKey, Origin: 'http://evil.example' },
    });
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('describes the schema at GET /rest/v1/ from the catalogue', async () => {
    const res = await fetch(`${stack.url}/rest/v1/`, { headers: { apikey: stack.anonKey } });
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/user_document_categories', '/default_document_categories', '/rpc/create_default_categories']));
    expect(doc.definitions.user_document_categories.required).toEqual(['user_id', 'name']);
  });

  it('prints a banner with the URLs, keys, database and storage', () => {
    const banner = startupBanner(stack.config, stack.db.kind);
    expect(banner).toContain(stack.url);
    expect(banner).toContain(stack.googleUrl);
    expect(banner).toContain(stack.anonKey);
    expect(banner).toContain(stack.serviceRoleKey);
    expect(banner).toContain(stack.config.jwtSecret);
    expect(banner).toContain(database === 'pglite' ? 'PGlite' : 'PostgreSQL');
    expect(banner).not.toContain(':postgres@');
  });
});

describe.each(databasesSync())('graceful shutdown on %s', (database) => {
  it('finishes an in-flight request and keeps its committed write, then refuses new connections', async () => {
    const stack = await startTestStack({ database });
    const restarted: TestStack[] = [];
    try {
      await stack.runScript(`create table public.probe_journal (id serial primary key, note text);
        create function public.probe_slow_write(note text) returns int language sql volatile
          as $$ select pg_sleep(0.4); insert into public.probe_journal (note) values (note) returning id $$;`);
      const inFlight = fetch(`${stack.url}/rest/v1/rpc/probe_slow_write`, {
        method: 'POST',
        headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ note: 'written during shutdown' }),
      });
      // Let the request reach the database before stopping.
      await new Promise((r) => setTimeout(r, 150));
      const stopStack = stack.restart();
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(expect.any(Number));
      const again = await stopStack;
      restarted.push(again);
      await expect(fetch(`${stack.url}/rest/v1/`, { headers: { apikey: stack.anonKey } })).rejects.toThrow();
      const rows = await again.db.admin((q) => q.query<{ note: string }>('select note from public.probe_journal'));
      expect(rows.rows).toEqual([{ note: 'written during shutdown' }]);
    } finally {
      if (restarted.length) await restarted[0].stop();
      else await stack.stop();
    }
  });
});
