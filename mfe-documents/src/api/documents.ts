import type { SupabaseClient } from '@supabase/supabase-js';
import type { DocumentRecord, DocumentSource, ExtractionStatus } from '@dossier/shared/core';
import type { KnownDuplicate } from '@dossier/shared/contract';
import { queryOptions } from '@tanstack/react-query';
import { checkResult, DOCUMENTS_QUERY_ROOT, documentsTable, readResult } from '@dossier/shared/core';

// The row type lives in shared (the export archive reads the same rows); re-exported for the area.
export type { DocumentRecord, DocumentSource, ExtractionStatus } from '@dossier/shared/core';

/** What the upload inserts: the id and path were chosen by the client before the object upload. */
export interface NewDocument {
  id: string;
  name: string;
  storage_path: string;
  mime_type: string;
  size: number;
  sha256: string;
  category_id?: string | null;
  portfolio_id?: string | null;
  extracted_text?: string | null;
  extraction_status: ExtractionStatus;
  source?: DocumentSource;
  /** A Drive import's origin, written with the row (ADR 0235). */
  drive_file_id?: string | null;
  drive_modified_time?: string | null;
}

/** The fields a person edits on a document. */
export type DocumentChanges = Partial<
  Pick<DocumentRecord, 'name' | 'category_id' | 'portfolio_id' | 'notes' | 'issued_on' | 'expires_on' | 'deleted_at'>
>;

export const DOCUMENT_COLUMNS =
  'id,name,category_id,portfolio_id,storage_path,mime_type,size,sha256,notes,extraction_status,source,issued_on,expires_on,created_at,updated_at,deleted_at';

/** TanStack Query keys of the documents area; invalidate `documentKeys.all` after any write. */
export const documentKeys = {
  all: DOCUMENTS_QUERY_ROOT,
  lists: () => [...documentKeys.all, 'list'] as const,
  list: (params: unknown) => [...documentKeys.lists(), params] as const,
  detail: (id: string) => [...documentKeys.all, 'detail', id] as const,
  duplicates: (sha256: string) => [...documentKeys.all, 'duplicates', sha256] as const,
  recent: (limit: number) => [...documentKeys.all, 'recent', limit] as const,
  expiring: (days: number) => [...documentKeys.all, 'expiring', days] as const,
};

export async function getDocument(client: SupabaseClient, id: string): Promise<DocumentRecord | null> {
  const result = await documentsTable(client).select(DOCUMENT_COLUMNS).eq('id', id).maybeSingle();
  return readResult(result, 'get document') as DocumentRecord | null;
}

/** The full text extracted from a PDF, fetched only where it is shown. */
export async function getExtractedText(client: SupabaseClient, id: string): Promise<string | null> {
  const result = await documentsTable(client).select('extracted_text').eq('id', id).maybeSingle();
  const row = readResult(result, 'get extracted text') as { extracted_text: string | null } | null;
  return row?.extracted_text ?? null;
}

/**
 * The unique index that keeps one live document per person and Drive file
 * (supabase/migrations/20261123000400_documents_drive_origin.sql). PostgREST names it in the 23505
 * answer's message (`duplicate key value violates unique constraint "…"`), as PGlite and
 * PostgreSQL word it; ADR 0250.
 */
export const DRIVE_ORIGIN_INDEX = 'documents_user_drive_file_key';

/** An insert refused because this person already holds a live document from the same Drive file. */
export function isDriveOriginConflict(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; details?: unknown; cause?: { message?: unknown } } | null;
  if (e?.code !== '23505') return false;
  const quoted = `"${DRIVE_ORIGIN_INDEX}"`;
  return [e.message, e.details, e.cause?.message].some((text) => typeof text === 'string' && text.includes(quoted));
}

/** This person's live document imported from this Drive file, if any (the one a racing import lost to). */
export async function documentByDriveFile(client: SupabaseClient, userId: string, driveFileId: string): Promise<DocumentRecord | null> {
  const result = await documentsTable(client)
    .select(DOCUMENT_COLUMNS)
    .eq('user_id', userId)
    .eq('drive_file_id', driveFileId)
    .is('deleted_at', null)
    .maybeSingle();
  return readResult(result, 'document by Drive file') as DocumentRecord | null;
}

export async function insertDocument(client: SupabaseClient, row: NewDocument): Promise<DocumentRecord> {
  const result = await documentsTable(client).insert(row).select(DOCUMENT_COLUMNS).single();
  return readResult(result, 'insert document') as DocumentRecord;
}

export async function updateDocument(client: SupabaseClient, id: string, changes: DocumentChanges): Promise<DocumentRecord> {
  const result = await documentsTable(client).update(changes).eq('id', id).select(DOCUMENT_COLUMNS).single();
  return readResult(result, 'update document') as DocumentRecord;
}

/** One PATCH for a selection (bulk categorise, move, trash, restore). */
/**
 * Changes many documents in one statement; resolves to the ids it changed. Row-level security skips
 * a row that is not the person's or is gone (deleted on another device) without an error, so the
 * caller counts what changed instead of assuming all did (issue 21 §4).
 */
export async function updateDocuments(client: SupabaseClient, ids: readonly string[], changes: DocumentChanges): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = await documentsTable(client).update(changes).in('id', [...ids]).select('id');
  checkResult(result, 'update documents');
  return ((result.data ?? []) as Array<{ id: string }>).map((row) => row.id);
}

export function trashDocuments(client: SupabaseClient, ids: readonly string[], now = new Date()): Promise<string[]> {
  return updateDocuments(client, ids, { deleted_at: now.toISOString() });
}

export function restoreDocuments(client: SupabaseClient, ids: readonly string[]): Promise<string[]> {
  return updateDocuments(client, ids, { deleted_at: null });
}

/** Deletes rows only; the caller removes the objects first (see docs/decisions/0021). */
export async function deleteDocumentRows(client: SupabaseClient, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  checkResult(await documentsTable(client).delete().in('id', [...ids]), 'delete documents');
}

/** A document with the same content (the door's lookup; the contract's KnownDuplicate). */
export type DuplicateMatch = KnownDuplicate;
export { findDuplicates } from '@dossier/shared/core';

/**
 * Names of this person's documents that start like `name` without its extension ('passport' for
 * 'passport.pdf'): what a renamed copy must avoid. LIKE's wildcards in the name are escaped.
 */
export async function documentNamesLike(client: SupabaseClient, name: string): Promise<string[]> {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const pattern = `${stem.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = await documentsTable(client).select('name').like('name', pattern).limit(500);
  return ((readResult(result, 'list document names') ?? []) as Array<{ name: string }>).map((row) => row.name);
}


export async function recentDocuments(client: SupabaseClient, limit: number): Promise<DocumentRecord[]> {
  const result = await documentsTable(client)
    .select(DOCUMENT_COLUMNS)
    .is('deleted_at', null)
    .order('created_at', { ascending: false })
    .limit(limit);
  return (readResult(result, 'recent documents') ?? []) as DocumentRecord[];
}

/** "Recently added": the one definition the dashboard's widget and the refresh after an upload share. */
export const recentDocumentsQuery = (client: SupabaseClient, limit: number) =>
  queryOptions({ queryKey: documentKeys.recent(limit), queryFn: () => recentDocuments(client, limit) });

/** Live documents whose expiry date falls between today and `days` from today (inclusive). */
export async function expiringDocuments(client: SupabaseClient, days: number, today = new Date()): Promise<DocumentRecord[]> {
  const from = isoDate(today);
  const until = isoDate(new Date(today.getTime() + days * 86_400_000));
  const result = await documentsTable(client)
    .select(DOCUMENT_COLUMNS)
    .is('deleted_at', null)
    .gte('expires_on', from)
    .lte('expires_on', until)
    .order('expires_on', { ascending: true })
    .limit(50);
  return (readResult(result, 'expiring documents') ?? []) as DocumentRecord[];
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
