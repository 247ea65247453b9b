import type { SupabaseClient } from '@supabase/supabase-js';
import { DOCUMENTS_QUERY_ROOT, readDocumentFile, readResult, removeDocumentObjects } from '@dossier/shared/core';

export const driveDocumentKeys = {
  all: DOCUMENTS_QUERY_ROOT,
};

/** What "Save to Drive" needs of a document: its name, type, content and portfolio. */
export async function loadDocumentForDrive(
  client: SupabaseClient,
  documentId: string,
): Promise<{ name: string; mimeType: string; data: Blob; portfolio: { id: string; name: string } | null }> {
  // The document itself through the documents door; its portfolio's name is the portfolios' own.
  const { name, mimeType, data, portfolioId } = await readDocumentFile(client, documentId);
  const portfolio = portfolioId ? readResult<{ id: string; name: string }>(await client.from('portfolios').select('id, name').eq('id', portfolioId).single()) : null;
  return { name, mimeType, data, portfolio };
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
    await removeDocumentObjects(client, answer.removed_objects ?? []).catch(() => undefined);
    return { outcome: 'already_replaced', document: answer.document };
  }
  return { outcome: 'replaced', document: answer?.document ?? { id: newId, name: '' } };
}
