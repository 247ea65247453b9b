import { type Catalogue, type ForeignKey, type Table, findRelationships } from '../src/rest/catalogue';

// PostgREST's relationship rules (ADR 0150), on a catalogue built by hand: no database needed.

function table(name: string, primaryKey: string[], uniqueKeys: string[][] = []): Table {
  return { schema: 'public', name, kind: 'table', columns: new Map(), primaryKey, uniqueKeys };
}
function fk(name: string, from: string, columns: string[], to: string, refColumns = ['id']): ForeignKey {
  return { name, schema: 'public', table: from, columns, refSchema: 'public', refTable: to, refColumns };
}

const films = table('films', ['id']);
const directors = table('directors', ['id']);
const specs = table('specs', ['film_id']);
const posters = table('posters', ['id'], [['film_id']]);
const actors = table('actors', ['id']);
const roles = table('roles', ['film_id', 'actor_id']);
const loose = table('loose_links', ['id']); // keys not part of its primary key: not a join table
const cat: Catalogue = {
  tables: new Map([films, directors, specs, posters, actors, roles, loose].map((t) => [`public.${t.name}`, t])),
  foreignKeys: [
    fk('films_director_id_fkey', 'films', ['director_id'], 'directors'),
    fk('specs_film_id_fkey', 'specs', ['film_id'], 'films'),
    fk('posters_film_id_fkey', 'posters', ['film_id'], 'films'),
    fk('roles_film_id_fkey', 'roles', ['film_id'], 'films'),
    fk('roles_actor_id_fkey', 'roles', ['actor_id'], 'actors'),
    fk('loose_film_fkey', 'loose_links', ['film_id'], 'films'),
    fk('loose_actor_fkey', 'loose_links', ['actor_id'], 'actors'),
  ],
  routines: new Map(),
  aggregatesEnabled: true,
};

describe('findRelationships', () => {
  it('many-to-one and one-to-many', () => {
    expect(findRelationships(cat, films, directors)).toMatchObject([{ toOne: true, parentHoldsKey: true }]);
    expect(findRelationships(cat, directors, films)).toMatchObject([{ toOne: false, parentHoldsKey: false }]);
  });

  it('one-to-one from the referenced side when the key is a primary key or unique', () => {
    expect(findRelationships(cat, films, specs)).toMatchObject([{ toOne: true, parentHoldsKey: false }]);
    expect(findRelationships(cat, films, posters)).toMatchObject([{ toOne: true, parentHoldsKey: false }]);
  });

  it('many-to-many only through a table whose keys are part of its primary key; the join table can be the hint', () => {
    const m2m = findRelationships(cat, films, actors);
    expect(m2m).toHaveLength(1);
    expect(m2m[0]).toMatchObject({ toOne: false, junction: { table: { name: 'roles' } } });
    expect(findRelationships(cat, actors, films, 'roles')).toHaveLength(1);
    expect(findRelationships(cat, actors, films, 'loose_links')).toHaveLength(0);
  });
});
