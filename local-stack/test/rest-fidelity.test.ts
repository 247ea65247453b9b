import type { SupabaseClient } from '@supabase/supabase-js';
import { databasesSync, withStack } from './support/test-stack';
import { anonClient } from './support/users';

/**
 * PostgREST fidelity that supabase-js's own postgrest-js suite measures (issue 26), each written
 * from PostgREST's documentation and observed answers.
 *
 * Function resolution — (its docs: "Functions as RPC",
 * "Overloaded functions", "Functions with a single unnamed parameter"): named parameters pick the
 * overload; a single unnamed json/jsonb/text parameter takes the body; any other unnamed
 * parameter makes the function invisible to the API; two overloads that both fit are refused with
 * 300 PGRST203 instead of a guess; an unknown one is 404 PGRST202 with a "Perhaps you meant" hint.
 *
 * Writes and counts — (PostgREST docs: "Upsert", "Exact count", "Singular or plural"; observed on PostgREST 12):
 * an upsert that only updated existing rows is 200, one that inserted is 201; a function returning
 * one value counts as one row; `.single()` over several rows is 406 PGRST116 "Cannot coerce…".
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
create table public.ws_items (id int primary key, name text not null, note text);
alter table public.ws_items enable row level security;
create policy ws_all on public.ws_items for all to anon using (true) with check (true);
grant all on public.ws_items to anon;
insert into public.ws_items values (1, 'one', null), (2, 'two', null);
create function public.ws_name(item int) returns text language sql stable as $$ select name from public.ws_items where id = item $$;
grant execute on function public.ws_name(int) to anon;
create table public.ws_tags (id serial primary key, slug text default 'general', label text);
alter table public.ws_tags enable row level security;
create policy ws_tags_all on public.ws_tags for all to anon using (true) with check (true);
grant all on public.ws_tags to anon;
grant usage on all sequences in schema public to anon;
insert into public.ws_tags (slug, label) values ('kept', 'first');
create function public.ws_rename_all(suffix text) returns setof public.ws_items language sql as $$
  update public.ws_items set note = suffix returning *
$$;
grant execute on function public.ws_rename_all(text) to anon;
notify pgrst, 'reload schema';
`;

describe.each(databasesSync())('REST PostgREST fidelity on %s', (database) => {
  const stack = withStack(database, { script: SCHEMA });
  let anon: SupabaseClient;
  beforeAll(async () => {
    anon = anonClient(stack());
  });

  describe('function resolution', () => {
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

  describe('write statuses and counts', () => {
  it('an upsert that only updates answers 200, one that inserts 201, ignore-duplicates 201', async () => {
    const updated = await anon.from('ws_items').upsert({ id: 1, name: 'uno' }).select();
    expect(updated.error).toBeNull();
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([{ id: 1, name: 'uno', note: null }]);
    const mixed = await anon.from('ws_items').upsert([{ id: 2, name: 'dos' }, { id: 3, name: 'tres' }]).select();
    expect(mixed.status).toBe(201);
    expect(mixed.data).toHaveLength(2);
    const ignored = await anon.from('ws_items').upsert({ id: 1, name: 'ignored' }, { ignoreDuplicates: true }).select();
    expect(ignored.status).toBe(201);
    expect(ignored.data).toEqual([]);
    expect((await anon.from('ws_items').select('name').eq('id', 1).single()).data).toEqual({ name: 'uno' });
  });

  it('counts a function returning one value as one row, also for head and GET', async () => {
    const post = await anon.rpc('ws_name', { item: 2 }, { count: 'exact' });
    expect(post.error).toBeNull();
    expect(post).toMatchObject({ data: 'dos', count: 1, status: 200 });
    const head = await anon.rpc('ws_name', { item: 2 }, { head: true, count: 'exact' });
    expect(head).toMatchObject({ data: null, count: 1, status: 200 });
    const get = await anon.rpc('ws_name', { item: 2 }, { get: true, count: 'exact' });
    expect(get).toMatchObject({ data: 'dos', count: 1 });
  });

  it('single() over several rows is 406 PGRST116 with PostgREST 12 wording', async () => {
    const res = await anon.from('ws_items').select('id').single();
    expect(res.status).toBe(406);
    expect(res.error).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: expect.stringMatching(/^The result contains \d+ rows$/),
      hint: null,
    });
  });

  it('bulk insert and upsert without defaultToNull give a left-out column its default, in one statement', async () => {
    const inserted = await anon.from('ws_tags').insert([{ label: 'a' }, { slug: 'own', label: 'b' }], { defaultToNull: false }).select('slug, label');
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual([
      { slug: 'general', label: 'a' },
      { slug: 'own', label: 'b' },
    ]);
    // The existing row 1 leaves out slug: as in PostgREST, the upsert resets it to the default.
    const upserted = await anon.from('ws_tags').upsert([{ id: 1, label: 'renamed' }, { slug: 'x', label: 'c' }], { defaultToNull: false }).select('id, slug, label');
    expect(upserted.error).toBeNull();
    expect(upserted.status).toBe(201);
    expect(upserted.data![0]).toEqual({ id: 1, slug: 'general', label: 'renamed' });
    expect(upserted.data![1]).toMatchObject({ slug: 'x', label: 'c' });
    expect(upserted.data![1].id).toBeGreaterThan(1);
  });

    it('a function touching more rows than max-affected fails with PGRST124 and changes nothing', async () => {
      // What supabase-js's .maxAffected(1) sends (its types offer it only for PostgREST 13+ schemas).
      const res = await fetch(`${stack().url}/rest/v1/rpc/ws_rename_all`, {
        method: 'POST',
        headers: { apikey: stack().anonKey, 'Content-Type': 'application/json', Prefer: 'handling=strict,max-affected=1,return=representation' },
        body: JSON.stringify({ suffix: 'strict' }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'PGRST124', message: 'Query result exceeds max-affected preference constraint' });
      const notes = await anon.from('ws_items').select('note').eq('note', 'strict');
      expect(notes.data).toEqual([]);
    });
  });
});
