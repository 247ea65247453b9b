import type { SupabaseClient } from '@supabase/supabase-js';
import { readRows } from '@dossier/shared/core';
import { documentKeys } from './documents';

/** One row of public.document_events (issue 13 §3): written by database triggers only. */
export interface DocumentEvent {
  id: number;
  document_id: string;
  kind: string;
  actor_email: string | null;
  detail: Record<string, unknown>;
  at: string;
}

/** Under the document's own key, so every change that refreshes a document refreshes its history. */
export const documentEventKeys = {
  of: (documentId: string) => [...documentKeys.detail(documentId), 'history'] as const,
};

const COLUMNS = 'id,document_id,kind,actor_email,detail,at';

export async function listDocumentEvents(client: SupabaseClient, documentId: string): Promise<DocumentEvent[]> {
  return readRows<DocumentEvent>(
    await client.from('document_events').select(COLUMNS).eq('document_id', documentId).order('at', { ascending: false }).order('id', { ascending: false }).limit(200),
    'document history',
  );
}

/** Everything the caller may read (RLS), oldest first, page by page: the CSV export. */
export async function listAllDocumentEvents(client: SupabaseClient, pageSize = 1000): Promise<DocumentEvent[]> {
  const all: DocumentEvent[] = [];
  for (let from = 0; ; from += pageSize) {
    const page = readRows<DocumentEvent>(await client.from('document_events').select(COLUMNS).order('id').range(from, from + pageSize - 1), 'all document history');
    all.push(...page);
    if (page.length < pageSize) return all;
  }
}
