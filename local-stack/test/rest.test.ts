import type { SupabaseClient } from '@supabase/supabase-js';
import { databasesSync } from './support/test-stack';
import { anonClient, serviceClient, withPeople } from './support/users';

/** Tables and functions only these tests use, created the way a migration would. */
const PROBE_SCHEMA = `
create table public.probe_authors (id int primary key, name text not null, born date, tags text[], meta jsonb, bio text);
create table public.probe_books (
  id int primary key,
  author_id int references public.probe_authors (id),
  editor_id int references public.probe_authors (id),
  title text not null,
  pages int,
  published boolean default false
);
insert into public.probe_authors values
  (1, 'Ada', '1815-12-10', '{math,poetry}', '{"color":"green","n":1}', 'Analytical engines and notes on poetry'),
  (2, 'Bob', null, '{cooking}', '{"color":"red","n":2}', 'Cooking for busy people'),
  (3, 'Cyd', '1990-01-01', '{}', null, null);
insert into public.probe_books values
  (10, 1, 2, 'Notes', 120, true),
  (11, 1, null, 'Sketches', 40, false),
  (12, 2, 1, 'Pasta', null, true);
create table public.probe_many (n int primary key);
insert into public.probe_many select generate_series(1, 1005);
create function public.probe_add(a int, b int) returns int language sql immutable as $$ select a + b $$;
create function public.probe_books_longer_than(min_pages int) returns setof public.probe_books
  language sql stable as $$ select * from public.probe_books where pages > min_pages order by id $$;
create function public.probe_whoami() returns jsonb language sql stable
  as $$ select jsonb_build_object('uid', auth.uid(), 'role', auth.role(), 'email', auth.email(), 'db_role', current_user) $$;
create function public.probe_fail() returns void language plpgsql
  as $$ begin raise exception 'probe failed' using hint = 'on purpose'; end $$;
`;

describe.each(databasesSync())('REST through supabase-js on %s', (database) => {
  const people = withPeople(database);
  let anon: SupabaseClient;

  beforeAll(async () => {
    const { stack } = people();
    await stack.runScript(PROBE_SCHEMA);
    anon = anonClient(stack);
  });

  describe('user_document_categories under RLS', () => {
    beforeAll(async () => {
      const { alice, bob } = people();
      expect((await alice.client.rpc('create_default_categories')).error).toBeNull();
      expect((await bob.client.rpc('create_default_categories')).error).toBeNull();
    });

    it('onboarding gives each user the 20 default categories in order, once', async () => {
      const { alice } = people();
      const again = await alice.client.rpc('create_default_categories');
      expect(again.error).toBeNull();
      expect(again.data).toHaveLength(20);
      const { data, error } = await alice.client.from('user_document_categories').select('name, sort_order, user_id').order('sort_order');
      expect(error).toBeNull();
      expect(data).toHaveLength(20);
      expect(data![0]).toEqual({ name: 'Personal ID', sort_order: 1, user_id: alice.id });
      expect(data![19].name).toBe('Miscellaneous');
    });

    it('each user selects only their own rows', async () => {
      const { alice, bob } = people();
      const a = await alice.client.from('user_document_categories').select('user_id');
      const b = await bob.client.from('user_document_categories').select('user_id');
      expect(new Set(a.data!.map((r) => r.user_id))).toEqual(new Set([alice.id]));
      expect(new Set(b.data!.map((r) => r.user_id))).toEqual(new Set([bob.id]));
    });

    it('a user can insert for themselves but not for someone else', async () => {
      const { alice, bob } = people();
      const own = await alice.client.from('user_document_categories').insert({ user_id: alice.id, name: 'Pets' }).select().single();
      expect(own.error).toBeNull();
      expect(own.status).toBe(201);
      expect(own.data).toMatchObject({ user_id: alice.id, name: 'Pets' });
      const foreign = await alice.client.from('user_document_categories').insert({ user_id: bob.id, name: 'Planted' });
      expect(foreign.status).toBe(403);
      expect(foreign.error).toMatchObject({ code: '42501' });
      expect(foreign.error!.message).toMatch(/row-level security/);
    });

    it("a user cannot update or delete another user's rows", async () => {
      const { alice, bob } = people();
      const bobsTravel = await bob.client.from('user_document_categories').select('id, description').eq('name', 'Travel').single();
      const upd = await alice.client.from('user_document_categories').update({ description: 'hijacked' }).eq('id', bobsTravel.data!.id).select();
      expect(upd.error).toBeNull();
      expect(upd.data).toEqual([]);
      const del = await alice.client.from('user_document_categories').delete().eq('id', bobsTravel.data!.id).select();
      expect(del.error).toBeNull();
      expect(del.data).toEqual([]);
      const after = await bob.client.from('user_document_categories').select('id, description').eq('id', bobsTravel.data!.id).single();
      expect(after.data).toEqual(bobsTravel.data);
    });

    it('a user updates and deletes their own rows', async () => {
      const { alice } = people();
      const upd = await alice.client.from('user_document_categories').update({ description: 'Cats and dogs' }).eq('name', 'Pets').select('name, description');
      expect(upd.data).toEqual([{ name: 'Pets', description: 'Cats and dogs' }]);
      const del = await alice.client.from('user_document_categories').delete({ count: 'exact' }).eq('name', 'Pets');
      expect(del.error).toBeNull();
      expect(del.count).toBe(1);
      const gone = await alice.client.from('user_document_categories').select('id').eq('name', 'Pets');
      expect(gone.data).toEqual([]);
    });

    it('the unique (user_id, name) constraint answers 409 23505', async () => {
      const { alice } = people();
      const dup = await alice.client.from('user_document_categories').insert({ user_id: alice.id, name: 'Travel' });
      expect(dup.status).toBe(409);
      expect(dup.error).toMatchObject({ code: '23505' });
    });

    it('upsert merges or ignores duplicates on (user_id, name)', async () => {
      const { alice } = people();
      const merged = await alice.client
        .from('user_document_categories')
        .upsert({ user_id: alice.id, name: 'Travel', description: 'Trips' }, { onConflict: 'user_id,name' })
        .select('name, description');
      expect(merged.error).toBeNull();
      expect(merged.data).toEqual([{ name: 'Travel', description: 'Trips' }]);
      const ignored = await alice.client
        .from('user_document_categories')
        .upsert([{ user_id: alice.id, name: 'Travel', description: 'ignored' }, { user_id: alice.id, name: 'Garden' }], {
          onConflict: 'user_id,name',
          ignoreDuplicates: true,
        })
        .select('name, description');
      expect(ignored.data).toEqual([{ name: 'Garden', description: null }]);
      const travel = await alice.client.from('user_document_categories').select('description').eq('name', 'Travel').single();
      expect(travel.data).toEqual({ description: 'Trips' });
    });

    it('insert with defaultToNull: false lets column defaults apply', async () => {
      const { alice } = people();
      const { data, error } = await alice.client
        .from('user_document_categories')
        .insert([{ user_id: alice.id, name: 'Hobbies', sort_order: 30 }, { user_id: alice.id, name: 'Music' }], { defaultToNull: false })
        .select('name, sort_order, created_at');
      expect(error).toBeNull();
      expect(data!.map((r) => r.name)).toEqual(['Hobbies', 'Music']);
      expect(data!.every((r) => typeof r.created_at === 'string')).toBe(true);
    });

    it('missing=default gives each row its own defaults when rows name different columns', async () => {
      const { alice } = people();
      const { data, error } = await alice.client
        .from('user_document_categories')
        .insert([{ user_id: alice.id, name: 'Dated', created_at: '2020-01-01T00:00:00+00:00' }, { user_id: alice.id, name: 'Undated' }], { defaultToNull: false })
        .select('name, created_at');
      expect(error).toBeNull();
      expect(data![0]).toEqual({ name: 'Dated', created_at: '2020-01-01T00:00:00+00:00' });
      expect(data![1].created_at).not.toBeNull();
      expect(data![1].created_at).not.toBe('2020-01-01T00:00:00+00:00');
    });

    it('Prefer: tx=rollback answers but commits nothing', async () => {
      const { stack, alice } = people();
      const res = await fetch(`${stack.url}/rest/v1/user_document_categories?select=name`, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          Authorization: `Bearer ${alice.accessToken}`,
          'Content-Type': 'application/json',
          Prefer: 'return=representation,tx=rollback',
        },
        body: JSON.stringify({ user_id: alice.id, name: 'Dry run' }),
      });
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual([{ name: 'Dry run' }]);
      expect(res.headers.get('preference-applied')).toContain('tx=rollback');
      const after = await alice.client.from('user_document_categories').select('id').eq('name', 'Dry run');
      expect(after.data).toEqual([]);
    });

    it('the service role bypasses RLS', async () => {
      const { stack } = people();
      const { count } = await serviceClient(stack).from('user_document_categories').select('*', { count: 'exact', head: true });
      expect(count).toBeGreaterThanOrEqual(40);
    });
  });

  describe('anonymous visitors', () => {
    it('read the master category list, in order', async () => {
      const { data, error } = await anon.from('default_document_categories').select('name, description, sort_order').order('sort_order');
      expect(error).toBeNull();
      expect(data).toHaveLength(20);
      expect(data![0].name).toBe('Personal ID');
      expect(data!.every((r) => r.description.length > 10)).toBe(true);
    });

    it('cannot read user categories or call onboarding', async () => {
      const read = await anon.from('user_document_categories').select('*');
      expect(read.status).toBe(401);
      expect(read.error).toMatchObject({ code: '42501' });
      const rpc = await anon.rpc('create_default_categories');
      expect(rpc.error).toMatchObject({ code: '42501' });
    });

    it('cannot write the master list', async () => {
      const { alice } = people();
      const res = await anon.from('default_document_categories').insert({ name: 'X', description: 'x', sort_order: 99 });
      expect(res.status).toBe(401);
      const res2 = await alice.client.from('default_document_categories').delete().eq('name', 'Travel');
      expect(res2.status).toBe(403);
    });
  });

  describe('filters, order, count, single', () => {
    const names = (rows: Array<{ name: string }> | null) => (rows ?? []).map((r) => r.name);

    it('comparison operators', async () => {
      expect(names((await anon.from('probe_authors').select('name').eq('name', 'Ada')).data)).toEqual(['Ada']);
      expect(names((await anon.from('probe_authors').select('name').neq('name', 'Ada').order('id')).data)).toEqual(['Bob', 'Cyd']);
      expect(names((await anon.from('probe_authors').select('name').gt('id', 1).order('id')).data)).toEqual(['Bob', 'Cyd']);
      expect(names((await anon.from('probe_authors').select('name').gte('id', 2).lte('id', 2)).data)).toEqual(['Bob']);
      expect(names((await anon.from('probe_authors').select('name').lt('born', '1900-01-01')).data)).toEqual(['Ada']);
    });

    it('pattern, null, list, array and json operators', async () => {
      expect(names((await anon.from('probe_authors').select('name').like('name', 'A%')).data)).toEqual(['Ada']);
      expect(names((await anon.from('probe_authors').select('name').ilike('name', '%O%')).data)).toEqual(['Bob']);
      expect(names((await anon.from('probe_authors').select('name').is('born', null)).data)).toEqual(['Bob']);
      expect(names((await anon.from('probe_authors').select('name').not('born', 'is', null).order('id')).data)).toEqual(['Ada', 'Cyd']);
      expect(names((await anon.from('probe_authors').select('name').in('id', [1, 3]).order('id')).data)).toEqual(['Ada', 'Cyd']);
      expect(names((await anon.from('probe_authors').select('name').not('id', 'in', '(1,3)')).data)).toEqual(['Bob']);
      expect(names((await anon.from('probe_authors').select('name').contains('tags', ['math'])).data)).toEqual(['Ada']);
      expect(names((await anon.from('probe_authors').select('name').containedBy('tags', ['cooking', 'x']).order('id')).data)).toEqual(['Bob', 'Cyd']);
      expect(names((await anon.from('probe_authors').select('name').overlaps('tags', ['poetry', 'cooking']).order('id')).data)).toEqual(['Ada', 'Bob']);
      expect(names((await anon.from('probe_authors').select('name').contains('meta', { color: 'red' })).data)).toEqual(['Bob']);
      expect(names((await anon.from('probe_authors').select('name').eq('meta->>color', 'green')).data)).toEqual(['Ada']);
      expect(names((await anon.from('probe_authors').select('name').match({ id: 2, name: 'Bob' })).data)).toEqual(['Bob']);
    });

    it('full-text search with and without a configuration', async () => {
      expect(names((await anon.from('probe_authors').select('name').textSearch('bio', 'poetry')).data)).toEqual(['Ada']);
      expect(names((await anon.from('probe_authors').select('name').textSearch('bio', 'busy people', { type: 'plain', config: 'english' })).data)).toEqual(['Bob']);
      expect(names((await anon.from('probe_authors').select('name').textSearch('bio', '"notes on poetry"', { type: 'websearch', config: 'english' })).data)).toEqual(['Ada']);
      expect(names((await anon.from('probe_authors').select('name').textSearch('bio', 'analytical engines', { type: 'phrase' })).data)).toEqual(['Ada']);
    });

    it('or / and trees, nested and negated', async () => {
      expect(names((await anon.from('probe_authors').select('name').or('name.eq.Ada,id.eq.3').order('id')).data)).toEqual(['Ada', 'Cyd']);
      expect(names((await anon.from('probe_authors').select('name').or('name.eq.Bob,and(id.gt.1,born.not.is.null)').order('id')).data)).toEqual(['Bob', 'Cyd']);
      expect(names((await anon.from('probe_authors').select('name').not('name', 'in', '("Ada","Bob")')).data)).toEqual(['Cyd']);
      expect(names((await anon.from('probe_authors').select('name').or('name.in.(Ada,Cyd),tags.cs.{cooking}').order('id')).data)).toEqual(['Ada', 'Bob', 'Cyd']);
      expect(names((await anon.from('probe_authors').select('name').or('id.eq.3,tags.ov.{cooking,poetry}').order('id')).data)).toEqual(['Ada', 'Bob', 'Cyd']);
    });

    it('order on several columns with nulls first / last', async () => {
      const first = await anon.from('probe_books').select('title').order('pages', { ascending: false, nullsFirst: true });
      expect(first.data!.map((r) => r.title)).toEqual(['Pasta', 'Notes', 'Sketches']);
      const last = await anon.from('probe_books').select('title').order('published', { ascending: false }).order('pages', { ascending: true, nullsFirst: false });
      expect(last.data!.map((r) => r.title)).toEqual(['Notes', 'Pasta', 'Sketches']);
    });

    it('limit, range and exact counts with Content-Range', async () => {
      const page = await anon.from('default_document_categories').select('name', { count: 'exact' }).order('sort_order').range(5, 9);
      expect(page.error).toBeNull();
      expect(page.count).toBe(20);
      expect(page.data!.map((r) => r.name)).toEqual(['Investments', 'Tax Documents', 'Credit Reports', 'Real Estate', 'Vehicle Records']);
      const limited = await anon.from('default_document_categories').select('name').order('sort_order').limit(2);
      expect(limited.data).toEqual([{ name: 'Personal ID' }, { name: 'Medical Records' }]);
      const head = await anon.from('default_document_categories').select('*', { count: 'exact', head: true }).ilike('name', '%records%');
      expect(head.count).toBe(3);
      expect(head.data).toBeNull();
      const planned = await anon.from('default_document_categories').select('name', { count: 'planned' }).limit(1);
      expect(planned.count).toBe(20);
    });

    it("caps reads at config.toml's api.max_rows (1000), as PostgREST's db-max-rows does", async () => {
      const all = await anon.from('probe_many').select('n', { count: 'exact' });
      expect(all.data).toHaveLength(1000);
      expect(all.count).toBe(1005);
      expect(all.status).toBe(206);
      const rest = await anon.from('probe_many').select('n').order('n').range(1000, 1100);
      expect(rest.data!.map((r) => r.n)).toEqual([1001, 1002, 1003, 1004, 1005]);
    });

    it('single and maybeSingle', async () => {
      const one = await anon.from('probe_authors').select('name').eq('id', 1).single();
      expect(one.data).toEqual({ name: 'Ada' });
      const none = await anon.from('probe_authors').select('name').eq('id', 99).single();
      expect(none.status).toBe(406);
      expect(none.error).toEqual({
        code: 'PGRST116',
        message: 'Cannot coerce the result to a single JSON object',
        details: 'The result contains 0 rows',
        hint: null,
      });
      const many = await anon.from('probe_authors').select('name').single();
      expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' });
      const maybeNone = await anon.from('probe_authors').select('name').eq('id', 99).maybeSingle();
      expect(maybeNone.error).toBeNull();
      expect(maybeNone.data).toBeNull();
      const maybeOne = await anon.from('probe_authors').select('name').eq('id', 2).maybeSingle();
      expect(maybeOne.data).toEqual({ name: 'Bob' });
    });

    it('column lists, aliases, casts and JSON paths', async () => {
      const { data, error } = await anon.from('probe_authors').select('id, label:name, born::text, color:meta->>color, n:meta->n').eq('id', 1).single();
      expect(error).toBeNull();
      expect(data).toEqual({ id: 1, label: 'Ada', born: '1815-12-10', color: 'green', n: 1 });
    });
  });

  describe('embedded resources', () => {
    it('embeds to-one with a foreign-key hint, and to-many', async () => {
      const books = await anon.from('probe_books').select('title, author:probe_authors!probe_books_author_id_fkey(name)').order('id');
      expect(books.error).toBeNull();
      expect(books.data).toEqual([
        { title: 'Notes', author: { name: 'Ada' } },
        { title: 'Sketches', author: { name: 'Ada' } },
        { title: 'Pasta', author: { name: 'Bob' } },
      ]);
      const authors = await anon.from('probe_authors').select('name, probe_books!author_id(title)').order('id');
      expect(authors.data).toEqual([
        { name: 'Ada', probe_books: [{ title: 'Notes' }, { title: 'Sketches' }] },
        { name: 'Bob', probe_books: [{ title: 'Pasta' }] },
        { name: 'Cyd', probe_books: [] },
      ]);
    });

    it('reports an ambiguous embed as PostgREST does (300 PGRST201)', async () => {
      const res = await anon.from('probe_books').select('title, probe_authors(name)');
      expect(res.status).toBe(300);
      expect(res.error).toMatchObject({ code: 'PGRST201' });
    });

    it('filters inside an embed, and !inner filters the parents', async () => {
      const left = await anon.from('probe_authors').select('name, probe_books!author_id(title)').eq('probe_books.published', true).order('id');
      expect(left.data!.map((a) => [a.name, a.probe_books.length])).toEqual([
        ['Ada', 1],
        ['Bob', 1],
        ['Cyd', 0],
      ]);
      const inner = await anon.from('probe_authors').select('name, probe_books!author_id!inner(title)').eq('probe_books.title', 'Pasta');
      expect(inner.data).toEqual([{ name: 'Bob', probe_books: [{ title: 'Pasta' }] }]);
    });

    it('embeds inside embeds', async () => {
      const { data, error } = await anon
        .from('probe_books')
        .select('title, author:probe_authors!probe_books_author_id_fkey(name, probe_books!author_id(title))')
        .eq('id', 12)
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({ title: 'Pasta', author: { name: 'Bob', probe_books: [{ title: 'Pasta' }] } });
    });

    it('embeds into the rows a write returns', async () => {
      const { stack } = people();
      const { data, error } = await serviceClient(stack)
        .from('probe_books')
        .insert({ id: 13, author_id: 3, title: 'Debut' })
        .select('title, writer:probe_authors!probe_books_author_id_fkey(name)')
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({ title: 'Debut', writer: { name: 'Cyd' } });
    });
  });

  it("reloads its schema cache on NOTIFY pgrst, 'reload schema', as PostgREST does", async () => {
    const { stack } = people();
    await anon.from('probe_authors').select('id').limit(1); // the cache is loaded
    await stack.runScript("alter table public.probe_authors add column nickname text; notify pgrst, 'reload schema';");
    let result = await anon.from('probe_authors').select('nickname').eq('id', 1);
    for (let i = 0; i < 50 && result.error; i++) {
      await new Promise((r) => setTimeout(r, 100));
      result = await anon.from('probe_authors').select('nickname').eq('id', 1);
    }
    expect(result.error).toBeNull();
    expect(result.data).toEqual([{ nickname: null }]);
  });

  describe('rpc', () => {
    it('calls functions with named arguments, by POST and GET', async () => {
      expect((await anon.rpc('probe_add', { a: 2, b: 3 })).data).toBe(5);
      expect((await anon.rpc('probe_add', { a: 4, b: 5 }, { get: true })).data).toBe(9);
    });

    it('returns rows from a set-returning function, with filters and order', async () => {
      const { data, error } = await anon.rpc('probe_books_longer_than', { min_pages: 10 }).select('title').order('title', { ascending: false });
      expect(error).toBeNull();
      expect(data).toEqual([{ title: 'Sketches' }, { title: 'Notes' }]);
      const filtered = await anon.rpc('probe_books_longer_than', { min_pages: 10 }).eq('published', true);
      expect((filtered.data as Array<{ title: string }>).map((b) => b.title)).toEqual(['Notes']);
    });

    it('runs as the caller, with auth.uid(), auth.role() and auth.email() from the JWT', async () => {
      const { alice } = people();
      const mine = await alice.client.rpc('probe_whoami');
      expect(mine.data).toEqual({ uid: alice.id, role: 'authenticated', email: alice.email, db_role: 'authenticated' });
      const theirs = await anon.rpc('probe_whoami');
      expect(theirs.data).toEqual({ uid: null, role: 'anon', email: null, db_role: 'anon' });
    });

    it('maps raise exception to 400 P0001, and unknown functions to 404 PGRST202', async () => {
      const failed = await anon.rpc('probe_fail');
      expect(failed.status).toBe(400);
      expect(failed.error).toMatchObject({ code: 'P0001', message: 'probe failed', hint: 'on purpose' });
      const missing = await anon.rpc('probe_nothing', { x: 1 });
      expect(missing.status).toBe(404);
      expect(missing.error).toMatchObject({ code: 'PGRST202' });
      expect(missing.error!.message).toBe('Could not find the function public.probe_nothing(x) in the schema cache');
      const wrongArgs = await anon.rpc('probe_add', { a: 1 });
      expect(wrongArgs.error).toMatchObject({ code: 'PGRST202' });
    });
  });
});
