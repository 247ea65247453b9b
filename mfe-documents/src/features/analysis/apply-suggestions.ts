/**
 * Accepting a suggestion (one click in the panel or the upload list) and auto-apply above the
 * person's threshold (docs/decisions/0201) write the same way: the person's category of that name
 * (made if they deleted it), the person's tag of that name (made if new), and Undo puts it back.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { checkResult, documentsTable, readResult } from '@dossier/shared/core';
import { createCategory } from '../../api/categories';
import { addTagsToDocuments, removeTagFromDocuments } from '../../api/document-tags';
import { createTag, findTagByName, isDuplicateTagName, TAG_COLORS } from '../../api/tags';
import { saveAnalysis } from '../../api/document-analysis';
import { autoApplyPlan } from './auto-apply';
import type { AppliedSuggestions, DocumentAnalysis } from './suggestions';

export async function categoryIdFor(client: SupabaseClient, userId: string, name: string): Promise<string> {
  const find = async () =>
    ((readResult(await client.from('user_document_categories').select('id,name').eq('user_id', userId).eq('name', name).limit(1), 'find category') ?? []) as Array<{ id: string }>)[0]?.id;
  const found = await find();
  if (found) return found;
  await createCategory(client, userId, name);
  const made = await find();
  if (!made) throw new Error(`category ${name} could not be made`);
  return made;
}

export async function tagIdFor(client: SupabaseClient, name: string): Promise<string> {
  const found = await findTagByName(client, name);
  if (found) return found.id;
  try {
    const color = TAG_COLORS[[...name].reduce((n, ch) => n + ch.charCodeAt(0), 0) % TAG_COLORS.length];
    return (await createTag(client, name, color)).id;
  } catch (error) {
    // Made meanwhile (another tab): use that one.
    const again = isDuplicateTagName(error) ? await findTagByName(client, name) : null;
    if (again) return again.id;
    throw error;
  }
}

/** Marks suggestions settled (accepted or dismissed) so they leave the lists. */
export async function settleSuggestions(client: SupabaseClient, id: string, analysis: DocumentAnalysis, keys: readonly string[], applied?: AppliedSuggestions | null): Promise<void> {
  const settled = [...new Set([...(analysis.settled ?? []), ...keys])];
  const next: DocumentAnalysis = { ...analysis, settled };
  if (applied === null) delete next.applied;
  else if (applied) next.applied = applied;
  await saveAnalysis(client, id, { analysis: next });
}

export async function acceptTag(client: SupabaseClient, documentId: string, analysis: DocumentAnalysis, name: string): Promise<void> {
  await addTagsToDocuments(client, [documentId], [await tagIdFor(client, name)]);
  await settleSuggestions(client, documentId, analysis, [`tag:${name}`]);
}

/** Runs at analysis time: applies what is sure enough and returns the analysis recording it. */
export async function autoApply(client: SupabaseClient, userId: string, documentId: string, analysis: DocumentAnalysis, threshold: number | null): Promise<DocumentAnalysis> {
  if (threshold === null) return analysis;
  const current = readResult(
    await documentsTable(client).select('category_id,document_tags(tags(name))').eq('id', documentId).maybeSingle(),
    'read document filing',
  ) as { category_id: string | null; document_tags: Array<{ tags: { name: string } | null }> | null } | null;
  if (!current) return analysis;
  const plan = autoApplyPlan(analysis, threshold, {
    category_id: current.category_id,
    tagNames: (current.document_tags ?? []).flatMap((t) => (t.tags ? [t.tags.name] : [])),
  });
  const applied: AppliedSuggestions = {};
  if (plan.category) {
    const id = await categoryIdFor(client, userId, plan.category);
    checkResult(await documentsTable(client).update({ category_id: id }).eq('id', documentId).is('category_id', null), 'file automatically');
    applied.category = { name: plan.category, id };
  }
  if (plan.tags.length > 0) {
    const tags = await Promise.all(plan.tags.map(async (name) => ({ name, id: await tagIdFor(client, name) })));
    await addTagsToDocuments(client, [documentId], tags.map((t) => t.id));
    applied.tags = tags;
  }
  if (!applied.category && !applied.tags) return analysis;
  const settled = [...(applied.category ? ['category'] : []), ...(applied.tags ?? []).map((t) => `tag:${t.name}`)];
  return { ...analysis, applied, settled: [...new Set([...(analysis.settled ?? []), ...settled])] };
}

/** Undo of auto-apply: the category goes back to none (if still the applied one), the tags come off. */
export async function undoApplied(client: SupabaseClient, documentId: string, analysis: DocumentAnalysis): Promise<void> {
  const applied = analysis.applied;
  if (!applied) return;
  if (applied.category) {
    checkResult(await documentsTable(client).update({ category_id: null }).eq('id', documentId).eq('category_id', applied.category.id), 'undo filing');
  }
  for (const tag of applied.tags ?? []) await removeTagFromDocuments(client, [documentId], tag.id);
  // Undone suggestions stay settled: they are not offered again.
  await settleSuggestions(client, documentId, analysis, [], null);
}
