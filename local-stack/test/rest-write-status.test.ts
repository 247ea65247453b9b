import type { SupabaseClient } from '@supabase/supabase-js';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { anonClient } from './support/users';

/**
 * Statuses and counts PostgREST answers that supabase-js hands to the caller as `status` and
 * `count` (PostgREST docs: "Upsert", "Exact count", "Singular or plural"; observed on PostgREST 12):
 * an upsert that only updated existing rows is 200, one that inserted is 201; a function returning
 * one value counts as one row; `.single()` over several rows is 406 PGRST116 "Cannot coerce…".
 */
const SCHEMA = `
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
notify pgrst, 'reload schema';
`;

describe.each(databasesSync())('REST write statuses and counts on %s', (database) => {
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
});
