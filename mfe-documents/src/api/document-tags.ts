import type { SupabaseClient } from '@supabase/supabase-js';
import { checkResult, readResult } from '@dossier/shared/core';

/** Gives every document every tag (existing links are kept: ignore-duplicates upsert). */
export async function addTagsToDocuments(client: SupabaseClient, documentIds: readonly string[], tagIds: readonly string[]): Promise<void> {
  const rows = documentIds.flatMap((document_id) => tagIds.map((tag_id) => ({ document_id, tag_id })));
  if (rows.length === 0) return;
  checkResult(
    await client.from('document_tags').upsert(rows, { onConflict: 'document_id,tag_id', ignoreDuplicates: true }),
    'add tags',
  );
}

export async function removeTagFromDocuments(client: SupabaseClient, documentIds: readonly string[], tagId: string): Promise<void> {
  if (documentIds.length === 0) return;
  checkResult(await client.from('document_tags').delete().eq('tag_id', tagId).in('document_id', [...documentIds]), 'remove tag');
}

/** The tag ids of one document (the document panel; the library gets them from search_documents). */
export async function listDocumentTagIds(client: SupabaseClient, documentId: string): Promise<string[]> {
  const result = await client.from('document_tags').select('tag_id').eq('document_id', documentId);
  return ((readResult(result, 'document tags') ?? []) as Array<{ tag_id: string }>).map((row) => row.tag_id);
}
