import type { SupabaseClient } from '@supabase/supabase-js';
import { checkResult, readResult } from '@dossier/shared/core';

export interface Tag {
  id: string;
  name: string;
  color: string;
  created_at: string;
}

export interface TagWithUsage extends Tag {
  document_count: number;
}

export const tagKeys = {
  all: ['tags'] as const,
  usage: () => [...tagKeys.all, 'usage'] as const,
};

/** The colours offered when a tag is created (cycled); any #rrggbb is accepted by the database. */
export const TAG_COLORS = ['#2563eb', '#16a34a', '#d97706', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#64748b'] as const;

export async function listTagsWithUsage(client: SupabaseClient): Promise<TagWithUsage[]> {
  const rows = (readResult(await client.rpc('tag_usage'), 'tag usage') ?? []) as TagWithUsage[];
  return rows.map((row) => ({ ...row, document_count: Number(row.document_count) }));
}

export async function createTag(client: SupabaseClient, name: string, color: string): Promise<Tag> {
  const result = await client.from('tags').insert({ name: name.trim(), color }).select('id,name,color,created_at').single();
  return readResult(result, 'create tag') as Tag;
}

export async function updateTag(client: SupabaseClient, id: string, changes: Partial<Pick<Tag, 'name' | 'color'>>): Promise<void> {
  const patch = changes.name === undefined ? changes : { ...changes, name: changes.name.trim() };
  checkResult(await client.from('tags').update(patch).eq('id', id), 'update tag');
}

export async function deleteTag(client: SupabaseClient, id: string): Promise<void> {
  checkResult(await client.from('tags').delete().eq('id', id), 'delete tag');
}

/** Every document with one of `sourceIds` gets `targetId`; the sources are deleted (one transaction). */
export async function mergeTags(client: SupabaseClient, sourceIds: readonly string[], targetId: string): Promise<void> {
  checkResult(await client.rpc('merge_tags', { source_ids: [...sourceIds], target_id: targetId }), 'merge tags');
}

/**
 * A LIKE pattern that matches `text` literally: `\\`, `%` and `_` are escaped (backslash is LIKE's
 * default escape). PostgREST also reads `*` as `%` and has no escape for it, so `*` becomes the
 * one-character wildcard `_`; callers compare the rows they get back exactly.
 */
export function literalLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`).replace(/\*/g, '_');
}

/** The person's tag named `name`, ignoring case (tag names are unique per person, case-insensitively). */
export async function findTagByName(client: SupabaseClient, name: string): Promise<Tag | null> {
  const wanted = name.trim().toLowerCase();
  const rows = (readResult(await client.from('tags').select('id,name,color,created_at').ilike('name', literalLikePattern(name.trim())).limit(20), 'find tag') ??
    []) as Tag[];
  return rows.find((t) => t.name.toLowerCase() === wanted) ?? null;
}

/** True when the error is the database's unique (user, lower(name)) violation. */
export function isDuplicateTagName(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}
