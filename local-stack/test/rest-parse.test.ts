import { parseField, parseLogic, parseOrder, parseSelect, parseFilterParam } from '../src/rest/parse';
import { parseQuery, parsePrefer, parseColumnList } from '../src/rest/request';
import { RestError } from '../src/rest/errors';

function parseFailure(fn: () => unknown): RestError {
  try {
    fn();
  } catch (e) {
    if (e instanceof RestError) return e;
    throw e;
  }
  throw new Error('expected a parse error');
}

describe("PostgREST's query grammar", () => {
  it('parses select lists with aliases, casts, JSON paths and embeds', () => {
    expect(parseSelect('id,label:name,born::text,color:meta->>color,author:people!books_author_fkey!inner(name,*)')).toEqual([
      { kind: 'field', field: { name: 'id', json: [] }, alias: undefined, cast: undefined },
      { kind: 'field', field: { name: 'name', json: [] }, alias: 'label', cast: undefined },
      { kind: 'field', field: { name: 'born', json: [] }, alias: undefined, cast: 'text' },
      { kind: 'field', field: { name: 'meta', json: [{ arrow: '->>', key: 'color' }] }, alias: 'color', cast: undefined },
      {
        kind: 'embed',
        relation: 'people',
        alias: 'author',
        hint: 'books_author_fkey',
        inner: true,
        spread: false,
        select: [{ kind: 'field', field: { name: 'name', json: [] }, alias: undefined, cast: undefined }, { kind: 'star' }],
      },
    ]);
    expect(parseSelect(undefined)).toEqual([{ kind: 'star' }]);
    expect(parseSelect(' id , name ')).toHaveLength(2);
  });

  it("parses PostgREST 12's aggregates: count(), aliases, casts before and after, inside embeds", () => {
    expect(parseSelect('count(),n:count()::text,total:amount.sum(),note->>tax::numeric.avg()::int,rel(x.max())')).toEqual([
      { kind: 'aggregate', fn: 'count', alias: undefined, aggregateCast: undefined },
      { kind: 'aggregate', fn: 'count', alias: 'n', aggregateCast: 'text' },
      { kind: 'aggregate', fn: 'sum', field: { name: 'amount', json: [] }, alias: 'total', cast: undefined, aggregateCast: undefined },
      { kind: 'aggregate', fn: 'avg', field: { name: 'note', json: [{ arrow: '->>', key: 'tax' }] }, alias: undefined, cast: 'numeric', aggregateCast: 'int' },
      {
        kind: 'embed',
        relation: 'rel',
        alias: undefined,
        hint: undefined,
        inner: false,
        spread: false,
        select: [{ kind: 'aggregate', fn: 'max', field: { name: 'x', json: [] }, alias: undefined, cast: undefined, aggregateCast: undefined }],
      },
    ]);
    // Only count() may go without a column; a cast must be a type name.
    expect(parseFailure(() => parseSelect('sum()')).body.code).toBe('PGRST100');
    expect(parseFailure(() => parseSelect('amount.sum()::int;drop table x')).body.code).toBe('PGRST100');
  });

  it('parses order terms on an embedded resource: rel(col).desc.nullslast', () => {
    expect(parseOrder('directors(last_name).desc.nullslast,id')).toEqual([
      { relation: 'directors', field: { name: 'last_name', json: [] }, dir: 'desc', nulls: 'last' },
      { field: { name: 'id', json: [] } },
    ]);
  });

  it('parses spread embeds, which take no alias', () => {
    expect(parseSelect('title,...directors(name)')[1]).toMatchObject({ kind: 'embed', relation: 'directors', spread: true });
    expect(parseFailure(() => parseSelect('d:...directors(name)')).body.code).toBe('PGRST100');
  });

  it('refuses casts that are not type names (no SQL through the cast)', () => {
    expect(parseFailure(() => parseSelect('id::text;drop table x')).body.code).toBe('PGRST100');
    expect(parseFailure(() => parseSelect('id::int)')).body.code).toBe('PGRST100');
  });

  it('parses filters with not, modifiers and fts configurations', () => {
    expect(parseFilterParam('name', 'not.ilike.*ada*')).toMatchObject({ negate: true, op: 'ilike', value: '*ada*' });
    expect(parseFilterParam('name', 'like(any).{a*,b*}')).toMatchObject({ op: 'like', modifier: 'any', value: '{a*,b*}' });
    expect(parseFilterParam('bio', 'wfts(english).cats dogs')).toMatchObject({ op: 'wfts', modifier: 'english', value: 'cats dogs' });
    expect(parseFilterParam('meta->a->>b', 'eq.1').field).toEqual({ name: 'meta', json: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }] });
    expect(parseFailure(() => parseFilterParam('name', 'eq')).body.code).toBe('PGRST100');
    expect(parseFailure(() => parseFilterParam('name', 'like(some).x')).body.code).toBe('PGRST100');
  });

  it('parses nested logic trees with quoted values', () => {
    const tree = parseLogic('or', false, '(name.eq."a,b",and(id.gt.1,born.not.is.null),tags.cs.{x,y},id.in.(1,2))');
    expect(tree.children).toHaveLength(4);
    expect(tree.children[0]).toMatchObject({ kind: 'filter', op: 'eq', value: 'a,b' });
    expect(tree.children[1]).toMatchObject({ kind: 'logic', op: 'and', children: [{ op: 'gt' }, { op: 'is', negate: true }] });
    expect(tree.children[3]).toMatchObject({ op: 'in', value: '(1,2)' });
    expect(parseFailure(() => parseLogic('or', false, '(a.eq.1')).body.code).toBe('PGRST100');
  });

  it('parses order terms', () => {
    expect(parseOrder('a.desc.nullslast,b,c.asc.nullsfirst')).toEqual([
      { field: { name: 'a', json: [] }, dir: 'desc', nulls: 'last' },
      { field: { name: 'b', json: [] } },
      { field: { name: 'c', json: [] }, dir: 'asc', nulls: 'first' },
    ]);
  });

  it('sorts parameters into the root and embedded scopes', () => {
    const q = parseQuery(new URLSearchParams('select=*,books(*)&name=eq.Ada&books.pages=gt.10&books.order=title.desc&books.limit=2&or=(id.eq.1,id.eq.2)&limit=5&columns="a","b"'));
    expect(q.scope.conditions).toHaveLength(2);
    expect(q.scope.limit).toBe('5');
    const books = q.scope.children.get('books')!;
    expect(books.conditions).toEqual([expect.objectContaining({ field: { name: 'pages', json: [] }, op: 'gt', value: '10' })]);
    expect(books.order).toEqual([{ field: { name: 'title', json: [] }, dir: 'desc' }]);
    expect(books.limit).toBe('2');
    expect(q.columns).toEqual(['a', 'b']);
  });

  it('reads Prefer and column lists', () => {
    const prefs = parsePrefer(new Headers({ Prefer: 'return=representation, count=exact,resolution=merge-duplicates,missing=default,tx=rollback' }));
    expect(prefs).toMatchObject({ return: 'representation', count: 'exact', resolution: 'merge-duplicates', missing: 'default', txRollback: true });
    expect(parseColumnList('"user_id","name"')).toEqual(['user_id', 'name']);
    expect(parseField('"odd name"')).toEqual({ name: 'odd name', json: [] });
  });
});
