/**
 * Loads the person's own filing and trains their classifier (docs/decisions/0200). A light query of
 * what is filed where (category and tags of their text-bearing documents) is the model's signature:
 * while it is unchanged the trained model is reused; when they recategorise or retag anything, on
 * any device, the next analysis trains again. Only rows with `user_id` = the person are read, so
 * documents shared with them (family, links) never teach their classifier.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { documentsTable, readResult } from '@dossier/shared/core';
import { trainClassifier, type Classifier, type Example } from './classifier';

/** The most recently changed filed documents the model learns from. */
const MAX_EXAMPLES = 400;
const TEXT_BATCH = 40;

interface FilingRow {
  id: string;
  category_id: string | null;
  document_tags: Array<{ tag_id: string }> | null;
}

interface TextRow {
  id: string;
  extracted_text: string | null;
  user_document_categories: { name: string } | null;
  document_tags: Array<{ tags: { name: string } | null }> | null;
}

let cached: { userId: string; signature: string; model: Classifier } | null = null;

export function signatureOf(rows: readonly FilingRow[]): string {
  return rows
    .map((r) => `${r.id}:${r.category_id ?? ''}:${(r.document_tags ?? []).map((t) => t.tag_id).sort().join(',')}`)
    .sort()
    .join('|');
}

/** The person's classifier, trained again only when their filing changed since the last time. */
export async function learnedModel(client: SupabaseClient, userId: string): Promise<Classifier> {
  const filing = (readResult(
    await documentsTable(client)
      .select('id,category_id,document_tags(tag_id)')
      .eq('user_id', userId)
      .eq('extraction_status', 'done')
      .is('deleted_at', null)
      .order('updated_at', { ascending: false })
      .limit(MAX_EXAMPLES),
    'list filed documents',
  ) ?? []) as FilingRow[];
  const filed = filing.filter((r) => r.category_id || (r.document_tags ?? []).length > 0);
  const signature = signatureOf(filed);
  if (cached?.userId === userId && cached.signature === signature) return cached.model;
  const examples: Example[] = [];
  for (let i = 0; i < filed.length; i += TEXT_BATCH) {
    const ids = filed.slice(i, i + TEXT_BATCH).map((r) => r.id);
    const rows = (readResult(
      await documentsTable(client).select('id,extracted_text,user_document_categories(name),document_tags(tags(name))').eq('user_id', userId).in('id', ids),
      'read filed documents',
    ) ?? []) as unknown as TextRow[];
    for (const row of rows) {
      examples.push({
        text: row.extracted_text ?? '',
        category: row.user_document_categories?.name ?? null,
        tags: (row.document_tags ?? []).flatMap((t) => (t.tags ? [t.tags.name] : [])),
      });
    }
  }
  const model = trainClassifier(examples);
  cached = { userId, signature, model };
  return model;
}

/** Signed out, or another person signed in on this page. */
export function forgetLearnedModel(): void {
  cached = null;
}
