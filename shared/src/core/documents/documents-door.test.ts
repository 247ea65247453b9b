/** @jest-environment node */
import type { SupabaseClient } from '@supabase/supabase-js';
import { findByChecksums, findImported, listDocumentNames, readDocumentFile, removeDocumentObjects } from './documents-door';

/** A fake PostgREST client: records each request's `in` list and answers with the rows that match it. */
function fakeClient(rows: Array<Record<string, unknown>>) {
  const requests: Array<{ column: string; values: string[] }> = [];
  const tables: string[] = [];
  const client = {
    from: (table: string) => {
      tables.push(table);
      const query = {
        column: '',
        values: [] as string[],
        select: () => query,
        is: () => query,
        in: (column: string, values: string[]) => {
          query.column = column;
          query.values = values;
          requests.push({ column, values });
          return query;
        },
        then: (resolve: (r: { data: unknown[]; error: null }) => void) => resolve({ data: rows.filter((r) => query.values.includes(String(r[query.column]))), error: null }),
      };
      return query;
    },
  } as unknown as SupabaseClient;
  return { client, requests, tables };
}

describe('lookups by list (their addresses stay short)', () => {
  it('findByChecksums asks once per hundred distinct checksums and returns every match', async () => {
    const shas = Array.from({ length: 250 }, (_, i) => `sha-${i}`);
    const { client, requests } = fakeClient([{ id: 'd1', sha256: 'sha-7' }, { id: 'd2', sha256: 'sha-201' }]);
    const found = await findByChecksums(client, [...shas, 'sha-7']);
    expect(requests.map((r) => [r.column, r.values.length])).toEqual([
      ['sha256', 100],
      ['sha256', 100],
      ['sha256', 50],
    ]);
    expect(found.map((d) => d.id)).toEqual(['d1', 'd2']);
  });

  it('findImported asks once per hundred Drive ids, and not at all for none', async () => {
    const { client, requests } = fakeClient([{ id: 'd1', drive_file_id: 'f-150' }]);
    expect(await findImported(client, [])).toEqual([]);
    const found = await findImported(client, Array.from({ length: 150 }, (_, i) => `f-${i}`));
    expect(requests.map((r) => r.values.length)).toEqual([100, 50]);
    expect(found).toEqual([]);
    const again = await findImported(client, ['f-150']);
    expect(again.map((d) => d.id)).toEqual(['d1']);
  });
});


describe('the door names the documents table itself', () => {
  it('every lookup asks the documents table', async () => {
    const { client, tables } = fakeClient([]);
    await findByChecksums(client, ['a']);
    await findImported(client, ['f']);
    expect(new Set(tables)).toEqual(new Set(['documents']));
  });

  it('lists live documents by name, with extra columns and a portfolio when asked', async () => {
    const calls: Array<[string, ...unknown[]]> = [];
    const query: Record<string, unknown> = {};
    for (const step of ['select', 'is', 'eq', 'order', 'limit']) query[step] = (...args: unknown[]) => (calls.push([step, ...args]), query);
    query['then'] = (resolve: (r: unknown) => void) => resolve({ data: [{ id: 'd1', name: 'a.pdf', size: 3 }], error: null });
    const client = { from: (table: string) => (calls.push(['from', table]), query) } as unknown as SupabaseClient;
    const rows = await listDocumentNames(client, { portfolioId: 'p1', extraColumns: ['size'], limit: 1000 });
    expect(rows).toEqual([{ id: 'd1', name: 'a.pdf', size: 3 }]);
    expect(calls).toEqual([
      ['from', 'documents'],
      ['select', 'id,name,size'],
      ['is', 'deleted_at', null],
      ['eq', 'portfolio_id', 'p1'],
      ['order', 'name'],
      ['limit', 1000],
    ]);
  });
});

describe('a document’s file for another area (Save to Drive)', () => {
  function storageClient(row: Record<string, unknown> | null, object: Blob | null) {
    const calls: string[] = [];
    const client = {
      from: (table: string) => {
        const query = {
          select: () => query,
          eq: (column: string, value: string) => (calls.push(`${table}.${column}=${value}`), query),
          single: async () => (row ? { data: row, error: null } : { data: null, error: { code: 'PGRST116', message: 'not found', details: '', hint: '' } }),
        };
        return query;
      },
      storage: {
        from: (bucket: string) => ({
          download: async (key: string) => (calls.push(`${bucket}:${key}`), object ? { data: object, error: null } : { data: null, error: { message: 'Object not found', statusCode: '404' } }),
          remove: async (keys: string[]) => (calls.push(`remove ${bucket}:${keys.join(',')}`), { data: [], error: null }),
        }),
      },
    } as unknown as SupabaseClient;
    return { client, calls };
  }

  it('reads the row and its object from the documents table and bucket', async () => {
    const { client, calls } = storageClient({ name: 'Lease.pdf', mime_type: '', storage_path: 'u/d/lease.pdf', portfolio_id: 'p1' }, new Blob(['%PDF']));
    const file = await readDocumentFile(client, 'd');
    expect(file).toMatchObject({ name: 'Lease.pdf', mimeType: 'application/octet-stream', portfolioId: 'p1' });
    expect(await file.data.text()).toBe('%PDF');
    expect(calls).toEqual(['documents.id=d', 'documents:u/d/lease.pdf']);
  });

  it('says so when the document or its object is not there, and removes nothing for no keys', async () => {
    await expect(readDocumentFile(storageClient(null, null).client, 'gone')).rejects.toThrow();
    await expect(readDocumentFile(storageClient({ name: 'a', mime_type: 'application/pdf', storage_path: 'k', portfolio_id: null }, null).client, 'd')).rejects.toThrow();
    const { client, calls } = storageClient(null, null);
    await removeDocumentObjects(client, []);
    await removeDocumentObjects(client, ['u/d/new.pdf', 'u/d/new.thumb.webp']);
    expect(calls).toEqual(['remove documents:u/d/new.pdf,u/d/new.thumb.webp']);
  });
});
