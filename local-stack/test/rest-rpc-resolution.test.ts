import type { SupabaseClient } from '@supabase/supabase-js';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { anonClient } from './support/users';

/**
 * Which function an RPC calls, as PostgREST resolves it (its docs: "Functions as RPC",
 * "Overloaded functions", "Functions with a single unnamed parameter"): named parameters pick the
 * overload; a single unnamed json/jsonb/text parameter takes the body; any other unnamed
 * parameter makes the function invisible to the API; two overloads that both fit are refused with
 * 300 PGRST203 instead of a guess; an unknown one is 404 PGRST202 with a "Perhaps you meant" hint.
 */
const SCHEMA = `
create function public.rr_pick() returns text language sql as $$ select 'none' $$;
create function public.rr_pick(a text) returns text language sql as $$ select 'text ' || a $$;
create function public.rr_pick(b int) returns text language sql as $$ select 'int ' || b $$;
create function public.rr_clash(a text) returns int language sql as 'select 1';
create function public.rr_clash(a int) returns int language sql as 'select 2';
create function public.rr_body_json(json) returns text language sql as $$ select $1->>'k' $$;
create function public.rr_body_text(text) returns text language sql as $$ select 'got ' || length($1) $$;
create function public.rr_unnamed_int(int) returns int language sql as 'select $1';
create function public.rr_unnamed_txt(text) returns int language sql as 'select 1';
create function public.rr_defaults() returns int language sql as 'select 1';
create function public.rr_defaults(text default 'x') returns int language sql as 'select 2';
create function public.rr_defaults(int default 42) returns int language sql as 'select 3';
grant execute on all functions in schema public to anon;
notify pgrst, 'reload schema';
`;

describe.each(databasesSync())('REST function resolution on %s', (database) => {
  let stack: TestStack;
  let anon: SupabaseClient;

  beforeAll(async () => {
    stack = await startTestStack({ database });
    await stack.runScript(SCHEMA);
    anon = anonClient(stack);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('named arguments choose among overloads, and no arguments the one without parameters', async () => {
    expect((await anon.rpc('rr_pick', { a: 'x' })).data).toBe('text x');
    expect((await anon.rpc('rr_pick', { b: 7 })).data).toBe('int 7');
    expect((await anon.rpc('rr_pick')).data).toBe('none');
  });

  it('refuses an ambiguous call with 300 PGRST203 listing the candidates', async () => {
    const res = await anon.rpc('rr_clash', { a: 1 });
    expect(res.status).toBe(300);
    expect(res.error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message: 'Could not choose the best candidate function between: public.rr_clash(a => integer), public.rr_clash(a => text)',
    });
  });

  it('passes the whole body to a single unnamed json or text parameter', async () => {
    expect((await anon.rpc('rr_body_json', { k: 'v' })).data).toBe('v');
    const text = await anon.rpc('rr_body_text', { '': 'abc' });
    expect(text.error).toBeNull();
    expect(text.data).toBe(`got ${JSON.stringify({ '': 'abc' }).length}`);
  });

  it('does not expose a function whose unnamed parameter is not a body type, and hints at a similar name', async () => {
    const res = await anon.rpc('rr_unnamed_int', { '': 1 });
    expect(res.status).toBe(404);
    expect(res.error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.rr_unnamed_int() in the schema cache',
      details: 'Searched for the function public.rr_unnamed_int with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.rr_unnamed_txt',
    });
    const none = await anon.rpc('rr_zzzzzzzzzzzzzzzzzzz');
    expect(none.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rr_zzzzzzzzzzzzzzzzzzz without parameters in the schema cache',
      hint: null,
    });
  });

  it('an overload with only defaulted parameters competes with the one without parameters', async () => {
    const res = await anon.rpc('rr_defaults');
    expect(res.status).toBe(300);
    expect(res.error!.message).toBe('Could not choose the best candidate function between: public.rr_defaults(), public.rr_defaults( => text)');
    expect((await anon.rpc('rr_defaults', { '': 'y' })).data).toBe(2);
  });
});
