import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { nodeSpecifier } from '../src/functions/loader';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { clientOptions } from './support/users';

// /functions/v1 runs supabase/functions/<name>/index.ts the way Supabase's edge runtime does.
let counter = 0;

describe.each(databasesSync())('functions on %s', (database) => {
  let stack: TestStack;
  let sb: SupabaseClient;
  let userId: string;

  beforeAll(async () => {
    stack = await startTestStack({ database });
    sb = createClient(stack.url, stack.anonKey, clientOptions);
    const { data, error } = await sb.auth.signUp({ email: `fn-${Date.now().toString(36)}-${++counter}@example.com`, password: 'secret-one' });
    if (error) throw error;
    userId = data.user!.id;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("invoke('whoami') reaches the function with the caller's JWT and returns their id", async () => {
    const { data, error } = await sb.functions.invoke('whoami');
    expect(error).toBeNull();
    expect(data).toMatchObject({ user_id: userId, role: 'authenticated' });
  });

  it('an anonymous caller gets through the gateway but the function says who is not signed in', async () => {
    const anon = createClient(stack.url, stack.anonKey, clientOptions);
    const { error } = await anon.functions.invoke('whoami');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(401);
  });

  it('answers 404 for an unknown function and 401 for a missing or invalid JWT', async () => {
    const { error } = await sb.functions.invoke('no-such-function');
    expect((error as FunctionsHttpError).context.status).toBe(404);
    expect(await (error as FunctionsHttpError).context.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    const missing = await fetch(`${stack.url}/functions/v1/whoami`, { method: 'POST', headers: { apikey: stack.anonKey } });
    expect(missing.status).toBe(401);
    const invalid = await fetch(`${stack.url}/functions/v1/whoami`, { method: 'POST', headers: { apikey: stack.anonKey, authorization: 'Bearer x.y.z' } });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toEqual({ code: 401, message: 'Invalid JWT' });
  });

  it('answers the CORS preflight', async () => {
    const res = await fetch(`${stack.url}/functions/v1/whoami`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:4200', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, apikey, content-type, x-client-info' },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
    expect((res.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toContain('authorization');
  });
});

// The deploy guide's list is what reaches hosted Supabase: a function missing there never runs, and
// one listed that the repo no longer has (google-oauth-exchange, issue 23) breaks the deploy.
describe('docs/deploy.md', () => {
  it('deploys exactly the functions in supabase/functions', () => {
    const root = path.resolve(__dirname, '../..');
    const inRepo = readdirSync(path.join(root, 'supabase/functions'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith('_') && existsSync(path.join(root, 'supabase/functions', d.name, 'index.ts')))
      .map((d) => d.name)
      .sort();
    const loop = /for f in ([^;]+); do\s+npx supabase functions deploy/.exec(readFileSync(path.join(root, 'docs/deploy.md'), 'utf8'));
    expect(loop).not.toBeNull();
    expect(loop![1].replace(/\\\n/g, ' ').split(/\s+/).filter(Boolean).sort()).toEqual(inRepo);
  });
});

describe('Deno-style specifiers in functions', () => {
  it.each([
    ['npm:@supabase/supabase-js@2', '@supabase/supabase-js'],
    ['npm:@supabase/supabase-js@2.109.0/dist/index', '@supabase/supabase-js/dist/index'],
    ['jsr:@supabase/supabase-js@2', '@supabase/supabase-js'],
    ['npm:hono', 'hono'],
    ['https://esm.sh/@supabase/supabase-js@2', '@supabase/supabase-js'],
    ['https://esm.sh/jose@6', 'jose'],
    ['node:crypto', 'node:crypto'],
  ])('maps %s to %s', (from, to) => {
    expect(nodeSpecifier(from)).toBe(to);
  });
});
