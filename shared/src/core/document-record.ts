export type DocumentSource = 'upload' | 'drive' | 'share';
export type ExtractionStatus = 'done' | 'none' | 'failed' | 'encrypted';

/**
 * A row of public.documents as the apps read it (extracted_text and search are not fetched): the
 * documents area's library and the export archive (shared/src/archive) use this one shape.
 */
export interface DocumentRecord {
  id: string;
  user_id?: string;
  name: string;
  category_id: string | null;
  portfolio_id: string | null;
  storage_path: string;
  mime_type: string;
  size: number;
  sha256: string | null;
  notes: string | null;
  extraction_status: ExtractionStatus;
  source: DocumentSource;
  issued_on: string | null;
  expires_on: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
