import type { SupabaseClient } from '@supabase/supabase-js';
import { databasesSync, withStack } from './support/test-stack';
import { anonClient } from './support/users';

// Issue 26: what PostgREST 12 resolves beyond plain foreign keys, on both databases — computed
// fields and computed relationships (functions of a row type, docs: "Computed Fields",
// "Computed Relationships"), embedding through views, by a constraint's name from the referenced
// side, self-references, and an embed with no fields. Expected bodies follow PostgREST's
// documentation and its observed answers for the same shapes.

// A fresh PGlite stack takes minutes on a loaded shared machine.
jest.setTimeout(420_000);

const SCHEMA = `
create table public.cmp_teams (id int primary key, name text not null);
create table public.cmp_people (
  id int primary key, first text not null, last text not null, active boolean not null,
  team_id int references public.cmp_teams (id), mentor_id int references public.cmp_people (id)
);
insert into public.cmp_teams values (1, 'Engines'), (2, 'Looms');
insert into public.cmp_people values
  (1, 'Ada', 'Lovelace', true, 1, null), (2, 'Charles', 'Babbage', false, 1, 1), (3, 'Joseph', 'Jacquard', true, 2, 1);
-- Computed field: one parameter of the table's row type, a value back.
create function public.full_name(p public.cmp_people) returns text language sql stable as $$ select p.first || ' ' || p.last $$;
-- Computed relationships: rows of a table back — a set (array), a set of ROWS 1 or a single row (object).
create function public.veterans(t public.cmp_teams) returns setof public.cmp_people language sql stable as $$
  select * from public.cmp_people where team_id = t.id and mentor_id is null $$;
create function public.captain(t public.cmp_teams) returns setof public.cmp_people language sql stable rows 1 as $$
  select * from public.cmp_people where team_id = t.id order by id limit 1 $$;
create function public.home(p public.cmp_people) returns public.cmp_teams language sql stable as $$
  select * from public.cmp_teams where id = p.team_id $$;
-- Not a computed relationship: no row parameter.
create function public.any_team() returns setof public.cmp_teams language sql stable as $$ select * from public.cmp_teams $$;
create view public.cmp_active_people as select * from public.cmp_people where active;
-- Two keys to the same table: embedding it needs a hint.
create table public.cmp_pairs (id int primary key, a int references public.cmp_people (id), b int references public.cmp_people (id));
insert into public.cmp_pairs values (1, 1, 3);
`;

describe.each(databasesSync())('PostgREST computed fields, computed relationships and view embedding on %s', (database) => {
  const stack = withStack(database, { script: SCHEMA });
  let anon: SupabaseClient;
  beforeAll(async () => {
    anon = anonClient(stack());
  });

  it('selects, filters and orders by a computed field; * leaves it out', async () => {
    const { data, error } = await anon.from('cmp_people').select('id, full_name').neq('full_name', 'Charles Babbage').order('full_name', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 3, full_name: 'Joseph Jacquard' },
      { id: 1, full_name: 'Ada Lovelace' },
    ]);
    const star = await anon.from('cmp_people').select('*').eq('id', 1).single();
    expect(Object.keys(star.data ?? {})).not.toContain('full_name');
    // Inside an embed, on the embedded table's rows.
    const teams = await anon.from('cmp_teams').select('name, cmp_people(full_name)').eq('id', 2);
    expect(teams.data).toEqual([{ name: 'Looms', cmp_people: [{ full_name: 'Joseph Jacquard' }] }]);
  });

  it('embeds a set-returning function of the row as an array, ROWS 1 or a single row as an object', async () => {
    const { data, error } = await anon.from('cmp_teams').select('name, veterans(first), captain(first, full_name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Engines', veterans: [{ first: 'Ada' }], captain: { first: 'Ada', full_name: 'Ada Lovelace' } },
      { name: 'Looms', veterans: [], captain: { first: 'Joseph', full_name: 'Joseph Jacquard' } },
    ]);
    const people = await anon.from('cmp_people').select('first, team:home(name, cmp_people(first))').eq('id', 3).single();
    expect(people.data).toEqual({ first: 'Joseph', team: { name: 'Looms', cmp_people: [{ first: 'Joseph' }] } });
    // !inner keeps only the rows the function returns something for.
    const inner = await anon.from('cmp_teams').select('name, veterans!inner(first)');
    expect(inner.data).toEqual([{ name: 'Engines', veterans: [{ first: 'Ada' }] }]);
  });

  it('does not embed a function without a row parameter (400 PGRST200)', async () => {
    const { error, status } = await anon.from('cmp_people').select('id, any_team(*)');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'cmp_people' and 'any_team' in the schema cache",
    });
  });

  it('embeds through a view whose columns are its base table’s, both ways', async () => {
    const teams = await anon.from('cmp_teams').select('name, cmp_active_people(first)').order('id');
    expect(teams.error).toBeNull();
    expect(teams.data).toEqual([
      { name: 'Engines', cmp_active_people: [{ first: 'Ada' }] },
      { name: 'Looms', cmp_active_people: [{ first: 'Joseph' }] },
    ]);
    const active = await anon.from('cmp_active_people').select('first, cmp_teams(name)').eq('id', 3).single();
    expect(active.data).toEqual({ first: 'Joseph', cmp_teams: { name: 'Looms' } });
  });

  it('embeds by a foreign key’s constraint name from the referenced side', async () => {
    const { data, error } = await anon.from('cmp_teams').select('name, members:cmp_people_team_id_fkey(first)').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Engines', members: [{ first: 'Ada' }, { first: 'Charles' }] }]);
  });

  it('resolves a self-reference: the table name or its column as hint means children, the column alone the parent', async () => {
    const children = await anon.from('cmp_people').select('first, cmp_people(first)').eq('id', 1).single();
    expect(children.error).toBeNull();
    expect(children.data).toEqual({ first: 'Ada', cmp_people: [{ first: 'Charles' }, { first: 'Joseph' }] });
    const hinted = await anon.from('cmp_people').select('first, cmp_people!mentor_id(first)').eq('id', 1).single();
    expect(hinted.data).toEqual(children.data);
    const parent = await anon.from('cmp_people').select('first, mentor_id(first)').eq('id', 2).single();
    expect(parent.data).toEqual({ first: 'Charles', mentor_id: { first: 'Ada' } });
    // PostgREST does not match a self-reference by its constraint name.
    const byName = await anon.from('cmp_people').select('first, cmp_people!cmp_people_mentor_id_fkey(first)');
    expect(byName.status).toBe(400);
    expect(byName.error?.code).toBe('PGRST200');
    expect(byName.error?.details).toContain("using the hint 'cmp_people_mentor_id_fkey'");
  });

  it('leaves an embed with no fields out of the result, while it still filters with !inner', async () => {
    const { data, error } = await anon.from('cmp_people').select('first, cmp_teams!inner()').eq('cmp_teams.name', 'Looms');
    expect(error).toBeNull();
    expect(data).toEqual([{ first: 'Joseph' }]);
  });

  it('lists the candidates of an ambiguous embed as PostgREST does: a JSON array seen from the parent (300 PGRST201)', async () => {
    const { error, status } = await anon.from('cmp_pairs').select('id, cmp_people(first)');
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
    expect(error?.details).toEqual([
      { cardinality: 'many-to-one', embedding: 'cmp_pairs with cmp_people', relationship: 'cmp_pairs_a_fkey using cmp_pairs(a) and cmp_people(id)' },
      { cardinality: 'many-to-one', embedding: 'cmp_pairs with cmp_people', relationship: 'cmp_pairs_b_fkey using cmp_pairs(b) and cmp_people(id)' },
    ]);
    const back = await anon.from('cmp_people').select('id, cmp_pairs(id)');
    expect(back.error?.details).toContainEqual({ cardinality: 'one-to-many', embedding: 'cmp_people with cmp_pairs', relationship: 'cmp_pairs_a_fkey using cmp_people(id) and cmp_pairs(a)' });
  });

  it('refuses two embeds under one name rather than answer a key twice (400 42712); aliases tell them apart', async () => {
    const twice = await anon.from('cmp_pairs').select('cmp_people!a(first), cmp_people!b(first)');
    expect(twice.status).toBe(400);
    expect(twice.error?.code).toBe('42712');
    const aliased = await anon.from('cmp_pairs').select('first:cmp_people!a(first), second:cmp_people!b(first)').single();
    expect(aliased.data).toEqual({ first: { first: 'Ada' }, second: { first: 'Joseph' } });
  });
});
