import { QueryClient } from '@tanstack/react-query';
import { documentKeys, type DocumentRecord } from '../../api/documents';
import { searchKeys } from '../../api/search-documents';
import { documentTagKey, freshestCopy } from './freshest-copy';

const opened: DocumentRecord = {
  id: 'd-1',
  name: 'home-policy.pdf',
  category_id: null,
  portfolio_id: null,
  storage_path: 'u/d-1.pdf',
  mime_type: 'application/pdf',
  size: 1200,
  sha256: null,
  notes: null,
  extraction_status: 'done',
  source: 'upload',
  issued_on: null,
  expires_on: null,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  deleted_at: null,
};
// The same document after a category, an expiry and a tag were set from the library.
const filed = { ...opened, category_id: 'c-insurance', expires_on: '2027-03-01', updated_at: '2026-11-21T09:00:00Z' };
const libraryPage = (rows: object[]) => ({ pages: [{ total: rows.length, items: rows }], pageParams: [0] });

test('offline, the panel shows the library row fetched after the panel was last opened (issue #21: not "No category")', () => {
  const client = new QueryClient();
  client.setQueryData(documentKeys.detail('d-1'), opened, { updatedAt: 1_000 });
  client.setQueryData(documentTagKey('d-1'), [], { updatedAt: 1_000 });
  client.setQueryData(searchKeys.page({ query: null }), libraryPage([{ ...filed, document_tag_ids: ['t-home'], rank: 0, snippet: null }]), { updatedAt: 2_000 });

  const copy = freshestCopy(client, 'd-1');
  expect(copy.doc).toMatchObject({ category_id: 'c-insurance', expires_on: '2027-03-01' });
  expect(copy.tagIds).toEqual(['t-home']);
});

test("the panel's own answer wins when it is the newer one", () => {
  const client = new QueryClient();
  client.setQueryData(searchKeys.page({ query: null }), libraryPage([{ ...opened, document_tag_ids: [], rank: 0, snippet: null }]), { updatedAt: 1_000 });
  client.setQueryData(documentKeys.detail('d-1'), filed, { updatedAt: 2_000 });
  client.setQueryData(documentTagKey('d-1'), ['t-home'], { updatedAt: 2_000 });

  const copy = freshestCopy(client, 'd-1');
  expect(copy.doc).toBe(filed);
  expect(copy.tagIds).toEqual(['t-home']);
});

test('a document never opened on this device has its details from any list that holds it (the dashboard too)', () => {
  const client = new QueryClient();
  client.setQueryData(documentKeys.expiring(30), [{ ...opened, id: 'd-other' }, filed], { updatedAt: 1_000 });

  const copy = freshestCopy(client, 'd-1');
  expect(copy.doc).toBe(filed);
  // The dashboard's lists carry no tags: none are invented.
  expect(copy.tagIds).toBeUndefined();
});

test('a narrower cached row (a duplicate check) is never taken for the document', () => {
  const client = new QueryClient();
  client.setQueryData(documentKeys.detail('d-1'), opened, { updatedAt: 1_000 });
  client.setQueryData(documentKeys.duplicates('abc'), [{ id: 'd-1', name: 'home-policy.pdf', deleted_at: null, created_at: opened.created_at }], { updatedAt: 2_000 });
  expect(freshestCopy(client, 'd-1').doc).toBe(opened);
});

test('no copy at all, and a document the server said is gone, stay distinguishable', () => {
  const client = new QueryClient();
  expect(freshestCopy(client, 'd-1').doc).toBeUndefined();
  client.setQueryData(documentKeys.detail('d-1'), null, { updatedAt: 1_000 });
  expect(freshestCopy(client, 'd-1').doc).toBeNull();
});

test('the row handed out is the cached object itself, so the open form does not reset on every render', () => {
  const client = new QueryClient();
  client.setQueryData(searchKeys.page({ query: null }), libraryPage([filed]), { updatedAt: 1_000 });
  expect(freshestCopy(client, 'd-1').doc).toBe(freshestCopy(client, 'd-1').doc);
});
