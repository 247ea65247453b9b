/**
 * An upload queued offline shows a row until its operation leaves the queue. Leaving the queue
 * means one of two things: it was stored (perhaps by another tab of Dossier, which replays the
 * same queue and tells only its own page), or the person dropped it. The library knows which,
 * so ask it rather than guess "Skipped" for a document that is in fact safe.
 */
export async function settleDepartedUploads(
  rowDocumentIds: readonly string[],
  stillQueued: ReadonlySet<string | undefined>,
  documentExists: (documentId: string) => Promise<boolean>,
  settle: (documentId: string, outcome: 'stored' | 'dropped') => void,
): Promise<void> {
  const departed = rowDocumentIds.filter((documentId) => !stillQueued.has(documentId));
  await Promise.all(
    departed.map(async (documentId) => {
      // A failed lookup can't prove the file was stored: say dropped, so the person re-adds it
      // rather than trusting a copy that may not exist.
      const stored = await documentExists(documentId).catch(() => false);
      settle(documentId, stored ? 'stored' : 'dropped');
    }),
  );
}
