// Imports nothing: the transfer-accept Edge Function bundles this file from shared/ (as
// share-resolve does download-name.ts), so the browser and the server share one layout rule.

/**
 * Where a PDF's first page is stored as an image, beside its file (docs/decisions/0120): four
 * segments, so it never clashes with a document's own `{user}/{document}/{file}` key.
 */
export function thumbnailPathOf(storagePath: string): string {
  const [user, document] = storagePath.split('/');
  return `${user}/${document}/.thumbs/first-page.png`;
}
