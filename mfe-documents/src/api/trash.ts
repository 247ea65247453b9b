import type { SupabaseClient } from '@supabase/supabase-js';
import { DOCUMENT_LIMITS } from '@dossier/shared/core';
import { readResult } from '@dossier/shared/core';
import { deleteDocumentRows } from './documents';
import { removeObjects } from './storage';

export interface ExpiredTrashItem {
  id: string;
  storage_path: string;
}

export async function listExpiredTrash(client: SupabaseClient, retentionDays: number = DOCUMENT_LIMITS.trashRetentionDays): Promise<ExpiredTrashItem[]> {
  return (readResult(await client.rpc('expired_trash', { retention_days: retentionDays }), 'expired trash') ?? []) as ExpiredTrashItem[];
}

/**
 * Permanently deletes documents: objects first, then rows. If removing the objects fails nothing
 * is lost and the rows stay to retry; if deleting the rows fails, the next purge retries them and
 * removing an already-removed object is harmless. Never an object that no row points at.
 */
export async function deletePermanently(client: SupabaseClient, items: readonly ExpiredTrashItem[]): Promise<void> {
  if (items.length === 0) return;
  await removeObjects(client, items.map((item) => item.storage_path));
  await deleteDocumentRows(client, items.map((item) => item.id));
}

/** Purges what has been in the trash longer than the retention period; returns how many. */
export async function purgeExpiredTrash(client: SupabaseClient): Promise<number> {
  const items = await listExpiredTrash(client);
  await deletePermanently(client, items);
  return items.length;
}
