import type { SupabaseClient } from '@supabase/supabase-js';
import { forgetLearnedModel, learnedModel } from './learned-model';

interface Row {
  id: string;
  user_id: string;
  category: string | null;
  text: string;
  tags: string[];
}

/**
 * A stand-in for PostgREST over a documents table that — like a person with shared documents —
 * returns other people's rows unless the query filters on user_id. It records every query.
 */
function fakeClient(rows: Row[]) {
  const queries: Array<{ select: string; filters: Array<[string, unknown]> }> = [];
  const client = {
    from: (table: string) => {
      expect(table).toBe('documents');
      const query = { select: '', filters: [] as Array<[string, unknown]> };
      queries.push(query);
      const builder = {
        select: (columns: string) => ((query.select = columns), builder),
        eq: (column: string, value: unknown) => (query.filters.push([column, value]), builder),
        is: () => builder,
        order: () => builder,
        limit: () => builder,
        in: (column: string, values: unknown[]) => (query.filters.push([column, values]), builder),
        then: (resolve: (result: unknown) => void) => {
          let out = rows;
          for (const [column, value] of query.filters) {
            if (column === 'user_id') out = out.filter((r) => r.user_id === value);
            if (column === 'id') out = out.filter((r) => (value as string[]).includes(r.id));
          }
          const data = query.select.includes('extracted_text')
            ? out.map((r) => ({ id: r.id, extracted_text: r.text, user_document_categories: r.category ? { name: r.category } : null, document_tags: r.tags.map((name) => ({ tags: { name } })) }))
            : out.map((r) => ({ id: r.id, category_id: r.category, document_tags: r.tags.map((tag_id) => ({ tag_id })) }));
          resolve({ data, error: null, status: 200 });
        },
      };
      return builder;
    },
  };
  return { client: client as unknown as SupabaseClient, queries };
}

describe('learnedModel', () => {
  beforeEach(() => forgetLearnedModel());

  // Three of each: a category is learned from its third example on (ADR 0280).
  const rows: Row[] = [
    ...[1, 2, 3].map((n) => ({ id: `a${n}`, user_id: 'alice', category: 'Car', text: `Volvo service ${n} at Hill Garage`, tags: ['Volvo'] })),
    ...[1, 2, 3].map((n) => ({ id: `h${n}`, user_id: 'alice', category: 'Home', text: `Council tax bill ${n} for the flat`, tags: [] })),
    ...[1, 2, 3].map((n) => ({ id: `b${n}`, user_id: 'bob', category: 'Boat', text: `Mooring fees ${n} at the marina for the yacht`, tags: ['Yacht'] })),
  ];

  it('learns only from the person’s own documents, in every query', async () => {
    const { client, queries } = fakeClient(rows);
    const model = await learnedModel(client, 'alice');
    expect([...model.categories.classes.keys()]).toEqual(['Car', 'Home']);
    expect(model.examples).toBe(6);
    expect([...model.tags.keys()]).toEqual(['Volvo']);
    for (const query of queries) expect(query.filters).toContainEqual(['user_id', 'alice']);
  });

  it('reuses the model while the filing is unchanged and retrains when it changes', async () => {
    const { client, queries } = fakeClient(rows);
    const first = await learnedModel(client, 'alice');
    const texts = () => queries.filter((q) => q.select.includes('extracted_text')).length;
    expect(texts()).toBe(1);
    expect(await learnedModel(client, 'alice')).toBe(first);
    expect(texts()).toBe(1);
    for (const i of [0, 1, 2]) rows[i] = { ...rows[i], category: 'Motoring' };
    const second = await learnedModel(client, 'alice');
    expect(second).not.toBe(first);
    expect(texts()).toBe(2);
    expect([...second.categories.classes.keys()].sort()).toEqual(['Home', 'Motoring']);
  });
});
