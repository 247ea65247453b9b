import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { databasesSync, withStack } from './support/test-stack';
import { anonClient, createTestUser, type TestUser } from './support/users';

// Issue #10 §5: resource embedding and aggregates as PostgREST 12 (what hosted Supabase runs)
// answers them, on both databases. The expected bodies follow PostgREST's documentation
// (references/api/resource_embedding and aggregate_functions) for the same schema shapes.

// A fresh PGlite stack takes minutes on a loaded shared machine.
jest.setTimeout(420_000);

const SCHEMA = `
create table public.emb_directors (id int primary key, last_name text not null);
create table public.emb_films (id int primary key, director_id int references public.emb_directors (id), title text not null, year int);
-- One-to-one: the key is also the primary key (PostgREST detects it) …
create table public.emb_specs (film_id int primary key references public.emb_films (id), camera text);
-- … or carries a unique constraint.
create table public.emb_posters (id int primary key, film_id int unique references public.emb_films (id), url text);
create table public.emb_actors (id int primary key, first_name text not null);
-- A join table: both keys are part of its composite primary key.
create table public.emb_roles (film_id int references public.emb_films (id), actor_id int references public.emb_actors (id), character text, primary key (film_id, actor_id));
create table public.emb_orders (id int primary key, film_id int references public.emb_films (id), amount numeric, order_date date, note jsonb);
insert into public.emb_directors values (1, 'Eggers'), (2, 'Lumière');
insert into public.emb_films values (10, 1, 'The Lighthouse', 2019), (11, 2, 'Workers Leaving', 1895), (12, 1, 'The Witch', 2015);
insert into public.emb_specs values (10, 'Panavision');
insert into public.emb_posters values (1, 11, 'workers.png');
insert into public.emb_actors values (1, 'Willem'), (2, 'Robert'), (3, 'Anya');
insert into public.emb_roles values (10, 1, 'Thomas Wake'), (10, 2, 'Ephraim'), (12, 3, 'Thomasin');
insert into public.emb_orders values
  (1, 10, 10.5, '2023-01-01', '{"tax": "1.5"}'), (2, 10, 20, '2023-01-01', '{"tax": "2"}'),
  (3, 10, 30, '2023-01-02', null), (4, 12, 5, '2023-01-02', '{"tax": "0.5"}');
`;

describe.each(databasesSync())('PostgREST embedding and aggregates on %s', (database) => {
  const stack = withStack(database, { script: SCHEMA });
  let anon: SupabaseClient;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    anon = anonClient(stack());
    alice = await createTestUser(stack(), 'embed-alice');
    bob = await createTestUser(stack(), 'embed-bob');
  });

  describe('cardinality', () => {
    it('embeds a one-to-one from the referenced side as an object (primary key or unique), null when absent', async () => {
      const { data, error } = await anon.from('emb_films').select('title, emb_specs(camera), emb_posters(url)').order('id');
      expect(error).toBeNull();
      expect(data).toEqual([
        { title: 'The Lighthouse', emb_specs: { camera: 'Panavision' }, emb_posters: null },
        { title: 'Workers Leaving', emb_specs: null, emb_posters: { url: 'workers.png' } },
        { title: 'The Witch', emb_specs: null, emb_posters: null },
      ]);
      const back = await anon.from('emb_specs').select('camera, emb_films(title)');
      expect(back.data).toEqual([{ camera: 'Panavision', emb_films: { title: 'The Lighthouse' } }]);
    });

    it('embeds many-to-one as an object and one-to-many as an array', async () => {
      const films = await anon.from('emb_films').select('title, emb_directors(last_name)').eq('id', 11);
      expect(films.data).toEqual([{ title: 'Workers Leaving', emb_directors: { last_name: 'Lumière' } }]);
      const directors = await anon.from('emb_directors').select('last_name, emb_films(title)').eq('id', 1).order('id', { referencedTable: 'emb_films' });
      expect(directors.data).toEqual([{ last_name: 'Eggers', emb_films: [{ title: 'The Lighthouse' }, { title: 'The Witch' }] }]);
    });

    it('embeds many-to-many through the join table, both ways, with filters, order and !inner', async () => {
      const films = await anon.from('emb_films').select('title, emb_actors(first_name)').order('id').order('first_name', { referencedTable: 'emb_actors' });
      expect(films.error).toBeNull();
      expect(films.data).toEqual([
        { title: 'The Lighthouse', emb_actors: [{ first_name: 'Robert' }, { first_name: 'Willem' }] },
        { title: 'Workers Leaving', emb_actors: [] },
        { title: 'The Witch', emb_actors: [{ first_name: 'Anya' }] },
      ]);
      const actors = await anon.from('emb_actors').select('first_name, emb_films(title)').eq('id', 3);
      expect(actors.data).toEqual([{ first_name: 'Anya', emb_films: [{ title: 'The Witch' }] }]);
      const inner = await anon.from('emb_films').select('title, emb_actors!inner(first_name)').eq('emb_actors.first_name', 'Willem');
      expect(inner.data).toEqual([{ title: 'The Lighthouse', emb_actors: [{ first_name: 'Willem' }] }]);
      // The join table named as a hint picks the same relationship.
      const hinted = await anon.from('emb_actors').select('first_name, emb_films!emb_roles(title)').eq('id', 1);
      expect(hinted.data).toEqual([{ first_name: 'Willem', emb_films: [{ title: 'The Lighthouse' }] }]);
    });

    it('spreads a to-one embed into the parent, and refuses to spread a to-many one (PGRST119)', async () => {
      const spread = await anon.from('emb_films').select('title, ...emb_directors(director:last_name)').eq('id', 10);
      expect(spread.error).toBeNull();
      expect(spread.data).toEqual([{ title: 'The Lighthouse', director: 'Eggers' }]);
      const roles = await anon.from('emb_films').select('title, emb_roles(character, ...emb_actors(first_name))').eq('id', 12);
      expect(roles.data).toEqual([{ title: 'The Witch', emb_roles: [{ character: 'Thomasin', first_name: 'Anya' }] }]);
      const many = await anon.from('emb_directors').select('last_name, ...emb_films(title)');
      expect(many.status).toBe(400);
      expect(many.error?.code).toBe('PGRST119');
    });

    it('orders the top level by a column of an embedded to-one resource, and refuses it for a to-many one (PGRST118)', async () => {
      const films = await anon.from('emb_films').select('title, emb_directors(last_name)').order('emb_directors(last_name)', { ascending: false }).order('id');
      expect(films.error).toBeNull();
      expect(films.data!.map((f) => f.title)).toEqual(['Workers Leaving', 'The Lighthouse', 'The Witch']);
      const many = await anon.from('emb_directors').select('last_name, emb_films(title)').order('emb_films(title)');
      expect(many.status).toBe(400);
      expect(many.error?.code).toBe('PGRST118');
    });

    it('keeps RLS inside a many-to-many embed: documents and their tags, across two people', async () => {
      const tag = await alice.client.from('tags').insert({ user_id: alice.id, name: 'embed-private' }).select('id').single();
      expect(tag.error).toBeNull();
      const id = randomUUID();
      const path = `${alice.id}/${id}/probe.pdf`;
      const upload = await alice.client.storage.from('documents').upload(path, new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }), { contentType: 'application/pdf' });
      expect(upload.error).toBeNull();
      const doc = await alice.client
        .from('documents')
        .insert({ id, name: 'Embed probe', storage_path: path, mime_type: 'application/pdf', size: 13 })
        .select('id')
        .single();
      expect(doc.error).toBeNull();
      expect((await alice.client.from('document_tags').insert({ document_id: doc.data!.id, tag_id: tag.data!.id })).error).toBeNull();
      const mine = await alice.client.from('documents').select('name, tags(name)').eq('id', doc.data!.id).single();
      expect(mine.error).toBeNull();
      expect(mine.data).toEqual({ name: 'Embed probe', tags: [{ name: 'embed-private' }] });
      const theirs = await bob.client.from('documents').select('name, tags(name)').eq('id', doc.data!.id);
      expect(theirs.data).toEqual([]);
      const viaTags = await bob.client.from('tags').select('name, documents(name)').eq('id', tag.data!.id);
      expect(viaTags.data).toEqual([]);
    });
  });

  describe('aggregate functions (enabled by the migration, as on hosted Supabase)', () => {
    it('count(), sum(), avg(), min(), max() over the whole table, aliased and cast', async () => {
      const { data, error } = await anon.from('emb_orders').select('count(), total:amount.sum(), amount.avg()::int, first:order_date.min(), amount.max()');
      expect(error).toBeNull();
      expect(data).toEqual([{ count: 4, total: 65.5, avg: 16, first: '2023-01-01', max: 30 }]);
    });

    it('groups by the other selected columns, counts non-null values, casts the aggregated column, and honours filters', async () => {
      const grouped = await anon.from('emb_orders').select('order_date, count(), note_count:note.count(), tax:note->>tax::numeric.sum()').order('order_date');
      expect(grouped.error).toBeNull();
      expect(grouped.data).toEqual([
        { order_date: '2023-01-01', count: 2, note_count: 2, tax: 3.5 },
        { order_date: '2023-01-02', count: 2, note_count: 1, tax: 0.5 },
      ]);
      const filtered = await anon.from('emb_orders').select('amount.sum()').gt('amount', 10);
      expect(filtered.data).toEqual([{ sum: 60.5 }]);
      const counted = await anon.from('emb_orders').select('order_date, count()', { count: 'exact' });
      expect(counted.count).toBe(2);
    });

    it('aggregates inside an embedded resource, and groups by a to-one embed', async () => {
      const inside = await anon.from('emb_films').select('title, emb_orders(amount.sum(), order_date)').eq('id', 10).order('order_date', { referencedTable: 'emb_orders' });
      expect(inside.error).toBeNull();
      expect(inside.data).toEqual([{ title: 'The Lighthouse', emb_orders: [{ sum: 30.5, order_date: '2023-01-01' }, { sum: 30, order_date: '2023-01-02' }] }]);
      const byFilm = await anon.from('emb_orders').select('amount.sum(), emb_films(title)').order('film_id');
      expect(byFilm.error).toBeNull();
      expect(byFilm.data).toEqual([
        { sum: 60.5, emb_films: { title: 'The Lighthouse' } },
        { sum: 5, emb_films: { title: 'The Witch' } },
      ]);
    });

    it("counts embedded rows with the legacy rel(count) that supabase-js documents", async () => {
      const { data, error } = await anon.from('emb_directors').select('last_name, emb_films(count)').order('id');
      expect(error).toBeNull();
      expect(data).toEqual([
        { last_name: 'Eggers', emb_films: [{ count: 2 }] },
        { last_name: 'Lumière', emb_films: [{ count: 1 }] },
      ]);
    });

    it("refuses aggregates with PostgREST's PGRST123 where the database has not enabled them", async () => {
      const setting = (value: string) =>
        `do $$ begin execute format('alter role authenticator in database %I ${value}', current_database()); end $$; notify pgrst, 'reload config';`;
      await stack().runScript(setting('reset pgrst.db_aggregates_enabled'));
      try {
        let res = await anon.from('emb_orders').select('count()');
        // The reload is asynchronous (a notification), as it is for PostgREST.
        for (let i = 0; i < 50 && res.status !== 400; i++) {
          await new Promise((r) => setTimeout(r, 100));
          res = await anon.from('emb_orders').select('count()');
        }
        expect(res.status).toBe(400);
        expect(res.error?.code).toBe('PGRST123');
        expect(res.error?.message).toBe('Use of aggregate functions is not allowed');
      } finally {
        await stack().runScript(setting('set pgrst.db_aggregates_enabled = true'));
      }
    });
  });
});
