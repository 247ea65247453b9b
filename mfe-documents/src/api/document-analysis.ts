import type { SupabaseClient } from '@supabase/supabase-js';
import type { DocumentAnalysis } from '../features/analysis/suggestions';
import { checkResult, documentsTable, readResult } from '@dossier/shared/core';

/** The analysis columns of public.documents (migration 20261124000200). */
export interface AnalysisRecord {
  id: string;
  analysed_at: string | null;
  text_source: 'ocr' | 'person' | null;
  analysis: DocumentAnalysis | null;
  extracted_text: string | null;
}

export interface UnanalysedDocument {
  id: string;
  name: string;
  mime_type: string;
  storage_path: string;
  extraction_status: string;
}

export const analysisKeys = {
  detail: (id: string) => ['documents', 'detail', id, 'analysis'] as const,
};

/** A person's oldest live documents not analysed yet (the background pass), skipping `except`. */
export async function listUnanalysed(client: SupabaseClient, limit: number, except: readonly string[] = []): Promise<UnanalysedDocument[]> {
  let query = documentsTable(client)
    .select('id,name,mime_type,storage_path,extraction_status')
    .is('analysed_at', null)
    .is('deleted_at', null)
    .order('created_at', { ascending: true })
    .limit(limit);
  // Ids are uuids (no quoting needed); a long list is cut, the next pass skips the rest again.
  if (except.length > 0) query = query.not('id', 'in', `(${except.slice(-200).join(',')})`);
  return (readResult(await query, 'list unanalysed documents') ?? []) as UnanalysedDocument[];
}

export async function getAnalysis(client: SupabaseClient, id: string): Promise<AnalysisRecord | null> {
  const result = await documentsTable(client).select('id,analysed_at,text_source,analysis,extracted_text').eq('id', id).maybeSingle();
  return readResult(result, 'get analysis') as AnalysisRecord | null;
}

export type AnalysisChanges = Partial<{
  analysed_at: string | null;
  analysis: DocumentAnalysis | null;
  extracted_text: string | null;
  extraction_status: 'done' | 'none';
  text_source: 'ocr' | 'person' | null;
}>;

export async function saveAnalysis(client: SupabaseClient, id: string, changes: AnalysisChanges): Promise<void> {
  checkResult(await documentsTable(client).update(changes).eq('id', id), 'save analysis');
}
