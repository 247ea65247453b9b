import type { ExtractionStatus } from '../api/documents';

/** What the document page says about a PDF whose text could not be read. */
export function extractionNotice(status: ExtractionStatus, mimeType: string): string | null {
  if (status === 'encrypted') return 'This PDF is password-protected, so its text is not searchable. Its name, notes and tags are.';
  if (status === 'failed') return 'The text of this PDF could not be read (the file may be damaged), so only its name, notes and tags are searchable.';
  if (status === 'none' && mimeType === 'application/pdf') return 'This PDF has no text layer (it may be a scan), so only its name, notes and tags are searchable.';
  return null;
}
