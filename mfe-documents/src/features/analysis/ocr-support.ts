/** What OCR on the device reads (issue 15 §1): images and PDFs (their pages without a text layer). */
export const OCR_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

export function canReadWithOcr(mimeType: string): boolean {
  return OCR_IMAGE_TYPES.has(mimeType) || mimeType === 'application/pdf';
}
