import type { SupabaseClient } from '@supabase/supabase-js';
import { queryOptions } from '@tanstack/react-query';
import { checkResult, readResult } from '@dossier/shared/core';

export interface CategoryWithCount {
  id: string;
  name: string;
  document_count: number;
}

export const categoryKeys = {
  all: ['document-categories'] as const,
  counts: () => [...categoryKeys.all, 'counts'] as const,
};

/** The category every document falls back to (SPEC §3's last master category). */
export const FALLBACK_CATEGORY = 'Miscellaneous';

export async function listCategoriesWithCounts(client: SupabaseClient): Promise<CategoryWithCount[]> {
  const rows = (readResult(await client.rpc('document_category_counts'), 'category counts') ?? []) as CategoryWithCount[];
  return rows.map((row) => ({ ...row, document_count: Number(row.document_count) }));
}

/** The categories with live counts: the one definition the library, the dashboard and the refresh after an upload share. */
export const categoryCountsQuery = (client: SupabaseClient) =>
  queryOptions({ queryKey: categoryKeys.counts(), queryFn: () => listCategoriesWithCounts(client) });

export async function createCategory(client: SupabaseClient, userId: string, name: string): Promise<void> {
  checkResult(await client.from('user_document_categories').insert({ user_id: userId, name: name.trim() }), 'create category');
}

export async function renameCategory(client: SupabaseClient, id: string, name: string): Promise<void> {
  checkResult(await client.from('user_document_categories').update({ name: name.trim() }).eq('id', id), 'rename category');
}

/** Moves the category's documents to Miscellaneous and deletes it, in one transaction. */
export async function deleteCategory(client: SupabaseClient, id: string): Promise<string> {
  return readResult(await client.rpc('delete_document_category', { category_id: id }), 'delete category') as string;
}
