import type { KnownDuplicate } from '@dossier/shared/contract';
import type { SupabaseClient } from '@supabase/supabase-js';
import { chunk } from 'es-toolkit';
import { readResult, readRows } from '@dossier/shared/core';

/** The documents area's bucket (ADR 0022). */
const DOCUMENTS_BUCKET = 'documents';

/** A Dossier document that came from Drive (documents table, drive origin columns). */
export interface DriveOriginDocument {
  id: string;
  name: string;
  drive_file_id: string;
  drive_modified_time: string | null;
}

export const driveDocumentKeys = {
  all: ['documents'] as const,
};

/**
 * Values per `in.(…)` filter: a request names them all in its address, and a folder of thousands of
 * files must not make an address longer than servers take (8 KB is common).
 */
const IN_LIST_BATCH = 100;

/** Live documents already imported from these Drive files. */
export async function findImported(client: SupabaseClient, driveFileIds: readonly string[]): Promise<DriveOriginDocument[]> {
  const found: DriveOriginDocument[] = [];
  for (const ids of chunk([...driveFileIds], IN_LIST_BATCH)) {
    found.push(...readRows<DriveOriginDocument>(await client.from('documents').select('id, name, drive_file_id, drive_modified_time').in('drive_file_id', ids).is('deleted_at', null)));
  }
  return found;
}

/**
 * The person's documents (trashed ones too, as the upload's own check finds them) holding any of
 * these contents: one request per hundred checksums instead of one per file (ADR 0255).
 */
export async function findByChecksums(client: SupabaseClient, sha256s: readonly string[]): Promise<Array<KnownDuplicate & { sha256: string }>> {
  const found: Array<KnownDuplicate & { sha256: string }> = [];
  for (const shas of chunk([...new Set(sha256s)], IN_LIST_BATCH)) {
    found.push(...readRows<KnownDuplicate & { sha256: string }>(await client.from('documents').select('id,name,deleted_at,created_at,sha256').in('sha256', shas)));
  }
  return found;
}

/** Live documents with this content (SHA-256), whatever their origin. */
export async function findBySha256(client: SupabaseClient, sha256: string): Promise<Array<{ id: string; name: string }>> {
  return readRows(await client.from('documents').select('id, name').eq('sha256', sha256).is('deleted_at', null).limit(5));
}

/** What "Save to Drive" needs of a document: its name, type, content and portfolio. */
export async function loadDocumentForDrive(
  client: SupabaseClient,
  documentId: string,
): Promise<{ name: string; mimeType: string; data: Blob; portfolio: { id: string; name: string } | null }> {
  const row = readResult<{ name: string; mime_type: string; storage_path: string; portfolio_id: string | null }>(
    await client.from('documents').select('name, mime_type, storage_path, portfolio_id').eq('id', documentId).single(),
  );
  const portfolio = row.portfolio_id ? readResult<{ id: string; name: string }>(await client.from('portfolios').select('id, name').eq('id', row.portfolio_id).single()) : null;
  const data = readResult(await client.storage.from(DOCUMENTS_BUCKET).download(row.storage_path));
  if (!data) throw new Error('The document could not be read from storage.');
  return { name: row.name, mimeType: row.mime_type || 'application/octet-stream', data, portfolio };
}

/** What "Update from Drive" ended as (ADR 0131, ADR 0256). */
export type ReplaceOutcome =
  /** This new version holds the Drive link now; the previous one is in the trash. */
  | { outcome: 'replaced'; document: { id: string; name: string } }
  /**
   * Another device or tab updated the file first: `document` is the version it stored; this
   * device's new version is gone (its row in the same transaction, its file and thumbnail removed here).
   */
  | { outcome: 'already_replaced'; document: { id: string; name: string } };

interface ReplaceAnswer {
  outcome: 'replaced' | 'already_replaced';
  document: { id: string; name: string };
  /** This device's new version's file and thumbnail, for Storage to remove (SQL cannot). */
  removed_objects?: string[];
}

/**
 * "Update changed file": the new version takes over the Drive link, place and tags; the old one
 * goes to the trash (ADR 0131). If another device or tab replaced it first, the database has
 * already deleted this device's new row and says so (ADR 0256); its objects (file, thumbnail) are
 * removed here. Should that fail, nothing points at them any more and the orphan sweep removes them.
 */
export async function replaceWithNewVersion(client: SupabaseClient, previousId: string, newId: string, driveFileId: string, modifiedTime: string): Promise<ReplaceOutcome> {
  const answer = readResult<ReplaceAnswer | null>(
    await client.rpc('drive_replace_document', { previous_document: previousId, new_document: newId, drive_file: driveFileId, drive_modified: modifiedTime }),
  );
  if (answer?.outcome === 'already_replaced') {
    if (answer.removed_objects?.length) await client.storage.from(DOCUMENTS_BUCKET).remove(answer.removed_objects).catch(() => undefined);
    return { outcome: 'already_replaced', document: answer.document };
  }
  return { outcome: 'replaced', document: answer?.document ?? { id: newId, name: '' } };
}
