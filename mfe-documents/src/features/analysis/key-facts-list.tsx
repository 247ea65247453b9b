import { useMemo } from 'react';
import { useSupabase, useToasts } from '@dossier/shared';
import { Badge, Button, PlainList } from '@dossier/shared/ui';
import { getDocument, type DocumentRecord } from '../../api/documents';
import { useDocumentActions } from '../../lib/use-document-actions';
import { findKeyFacts, inNotes, withFact, type KeyFact } from './key-facts';
import { sure } from './confidence';

/** The notes field's limit (document panel). */
const NOTES_MAX = 10_000;

/**
 * Amounts and identifiers found in the document's text (key-facts.ts), each with the line it came
 * from: "Add to notes" appends "Policy number: HX-4471-22" to the notes, "Copy" copies the value.
 * Nothing is stored until the person clicks. `limit`: the upload row shows only the surest few.
 */
export function KeyFacts({ doc, text, limit, minConfidence = 0 }: { doc: Pick<DocumentRecord, 'id' | 'notes'>; text: string | null; limit?: number; minConfidence?: number }) {
  const client = useSupabase();
  const actions = useDocumentActions();
  const toasts = useToasts().stacked;
  const all = useMemo(() => (text ? findKeyFacts(text) : []), [text]);
  const facts = all.filter((f) => f.confidence >= minConfidence).slice(0, limit);
  if (facts.length === 0) return null;

  const addToNotes = async (fact: KeyFact) => {
    // The notes as stored now (another tab may have changed them), with the line appended.
    const current = await getDocument(client, doc.id).catch(() => null);
    const notes = withFact(current ? current.notes : doc.notes, fact);
    if (notes.length > NOTES_MAX) {
      toasts.add({ title: 'The notes are full, so this could not be added.', variant: 'error' });
      return;
    }
    await actions.update(doc.id, { notes }, `${fact.label} added to notes`);
  };
  const copy = async (fact: KeyFact) => {
    try {
      await navigator.clipboard.writeText(fact.value);
      toasts.add({ title: `${fact.label} copied`, variant: 'success' });
    } catch {
      toasts.add({ title: 'This browser did not allow copying. Select the text to copy it.', variant: 'error' });
    }
  };

  return (
    <section className="analysis-facts" aria-label="Found in the text">
      <h3>Found in the text</h3>
      <PlainList className="analysis-suggestions">
        {facts.map((fact) => (
          <li key={`${fact.label}:${fact.value}`}>
            <span>
              {fact.label}: <strong className="analysis-value">{fact.value}</strong> {sure(fact.confidence)}
            </span>
            <span className="analysis-source">From “{fact.source}”</span>
            <span className="analysis-actions">
              {inNotes(fact, doc.notes) ? (
                <Badge tone="success">In notes</Badge>
              ) : (
                <Button size="sm" onClick={() => void addToNotes(fact)} aria-label={`Add ${fact.label} to notes`}>
                  Add to notes
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => void copy(fact)} aria-label={`Copy ${fact.label}`}>
                Copy
              </Button>
            </span>
          </li>
        ))}
      </PlainList>
    </section>
  );
}
