import type { SupabaseClient } from '@supabase/supabase-js';
import { chunk } from 'es-toolkit';
import type { KnownDuplicate } from '@dossier/shared/contract';
import { readResult, readRows } from '../errors/read-result';

/**
 * The documents door (issue 23): the one module that names the `documents` table and bucket.
 * Every area — the documents area itself, Drive import, the export archive, transfers, portfolios
 * — reaches them through `documentsTable`/`documentsBucket` and the lookups below; lint
 * (tools/eslint/documents-door.mjs) refuses `.from('documents')` anywhere else. Object keys are
 * built by `buildStoragePath` (../naming), answers read by `readResult` (../errors), whose
 * DataError is the door's one error.
 */

/** The table and the Storage bucket (ADR 0022): named here only. */
export const DOCUMENTS_TABLE = 'documents';
export const DOCUMENTS_BUCKET = 'documents';

/** The `documents` table, as the signed-in person sees it (RLS limits it to their rows). */
export function documentsTable(client: SupabaseClient) {
  return client.from(DOCUMENTS_TABLE);
}

/** The documents bucket (objects under `<user id>/<document id>/…`, RLS on storage.objects). */
export function documentsBucket(client: SupabaseClient) {
  return client.storage.from(DOCUMENTS_BUCKET);
}

/** The query-key root of every documents query: invalidating it refreshes every area's view of documents. */
export const DOCUMENTS_QUERY_ROOT = ['documents'] as const;

/** A live document that came from Drive (drive origin columns, ADR 0235). */
export interface DriveOriginDocument {
  id: string;
  name: string;
  drive_file_id: string;
  drive_modified_time: string | null;
}

/**
 * Values per `in.(…)` filter: a request names them all in its address, and a folder of thousands of
 * files must not make an address longer than servers take (8 KB is common).
 */
const IN_LIST_BATCH = 100;

/** Documents of this person with the same SHA-256, trashed ones too (RLS limits the lookup to their own rows). */
export async function findDuplicates(client: SupabaseClient, sha256: string): Promise<KnownDuplicate[]> {
  return readRows<KnownDuplicate>(await documentsTable(client).select('id,name,deleted_at,created_at').eq('sha256', sha256).limit(5), 'find duplicates');
}

/**
 * The person's documents (trashed ones too, as the upload's own check finds them) holding any of
 * these contents: one request per hundred checksums instead of one per file (ADR 0255).
 */
export async function findByChecksums(client: SupabaseClient, sha256s: readonly string[]): Promise<Array<KnownDuplicate & { sha256: string }>> {
  const found: Array<KnownDuplicate & { sha256: string }> = [];
  for (const shas of chunk([...new Set(sha256s)], IN_LIST_BATCH)) {
    found.push(...readRows<KnownDuplicate & { sha256: string }>(await documentsTable(client).select('id,name,deleted_at,created_at,sha256').in('sha256', shas), 'find by checksums'));
  }
  return found;
}

/** Live documents already imported from these Drive files. */
export async function findImported(client: SupabaseClient, driveFileIds: readonly string[]): Promise<DriveOriginDocument[]> {
  const found: DriveOriginDocument[] = [];
  for (const ids of chunk([...driveFileIds], IN_LIST_BATCH)) {
    found.push(
      ...readRows<DriveOriginDocument>(await documentsTable(client).select('id, name, drive_file_id, drive_modified_time').in('drive_file_id', ids).is('deleted_at', null), 'find imported'),
    );
  }
  return found;
}

/** Live documents' ids and names (and `extraColumns`), by name: pickers in other areas (transfers, family space, a portfolio). */
export async function listDocumentNames<Extra extends string = never>(
  client: SupabaseClient,
  options: { portfolioId?: string; extraColumns?: readonly Extra[]; limit?: number } = {},
): Promise<Array<{ id: string; name: string } & Record<Extra, unknown>>> {
  let query = documentsTable(client)
    .select(['id', 'name', ...(options.extraColumns ?? [])].join(','))
    .is('deleted_at', null);
  if (options.portfolioId) query = query.eq('portfolio_id', options.portfolioId);
  const ordered = query.order('name');
  // A column list built at run time has no static row type: the rows are what it names.
  const rows = readRows<unknown>(await (options.limit ? ordered.limit(options.limit) : ordered), 'list document names');
  return rows as Array<{ id: string; name: string } & Record<Extra, unknown>>;
}

/**
 * A document's bytes and what describes them, for another area that copies it elsewhere (Save to
 * Drive): its name, type and portfolio, read by the person's own rights (RLS on the row and on
 * storage.objects).
 */
export async function readDocumentFile(client: SupabaseClient, documentId: string): Promise<{ name: string; mimeType: string; data: Blob; portfolioId: string | null }> {
  const row = readResult<{ name: string; mime_type: string; storage_path: string; portfolio_id: string | null }>(
    await documentsTable(client).select('name, mime_type, storage_path, portfolio_id').eq('id', documentId).single(),
  );
  const data = readResult(await documentsBucket(client).download(row.storage_path));
  if (!data) throw new Error('The document could not be read from storage.');
  return { name: row.name, mimeType: row.mime_type || 'application/octet-stream', data, portfolioId: row.portfolio_id };
}

/** Removes objects of the documents bucket (a superseded version's file and thumbnail), by their keys. */
export async function removeDocumentObjects(client: SupabaseClient, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) readResult(await documentsBucket(client).remove([...keys]));
}
