/**
 * The allow-list of uploads (issue 5): PDF; JPEG, PNG, WebP, HEIC images; Office documents; plain
 * text — grouped as the library's "type" filter shows them.
 */
export type DocumentTypeGroup = 'pdf' | 'image' | 'office' | 'text';

export const DOCUMENT_TYPE_GROUPS: Record<DocumentTypeGroup, { label: string; mimeTypes: readonly string[] }> = {
  pdf: { label: 'PDF', mimeTypes: ['application/pdf'] },
  image: { label: 'Images', mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] },
  office: {
    label: 'Office documents',
    mimeTypes: [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/msword',
      'application/vnd.ms-excel',
      'application/vnd.ms-powerpoint',
      'application/vnd.oasis.opendocument.text',
      'application/vnd.oasis.opendocument.spreadsheet',
      'application/vnd.oasis.opendocument.presentation',
      'application/rtf',
    ],
  },
  text: { label: 'Text', mimeTypes: ['text/plain', 'text/csv', 'text/markdown'] },
};

export const TYPE_GROUP_ORDER: readonly DocumentTypeGroup[] = ['pdf', 'image', 'office', 'text'];

export const ALLOWED_MIME_TYPES: ReadonlySet<string> = new Set(TYPE_GROUP_ORDER.flatMap((g) => DOCUMENT_TYPE_GROUPS[g].mimeTypes));

export function typeGroupOf(mimeType: string): DocumentTypeGroup | null {
  for (const group of TYPE_GROUP_ORDER) {
    if (DOCUMENT_TYPE_GROUPS[group].mimeTypes.includes(mimeType)) return group;
  }
  return null;
}

export function isTypeGroup(value: string): value is DocumentTypeGroup {
  return (TYPE_GROUP_ORDER as readonly string[]).includes(value);
}

/** A short label for a document's kind ("PDF", "Image"...). */
export function typeLabel(mimeType: string): string {
  switch (typeGroupOf(mimeType)) {
    case 'pdf':
      return 'PDF';
    case 'image':
      return 'Image';
    case 'office':
      return 'Office';
    case 'text':
      return 'Text';
    default:
      return 'File';
  }
}
