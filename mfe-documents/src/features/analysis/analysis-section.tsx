import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '@dossier/shared';
import { Button, TextArea } from '@dossier/shared/ui';
import { analysisKeys, getAnalysis, saveAnalysis, type AnalysisRecord } from '../../api/document-analysis';
import { documentKeys, type DocumentRecord } from '../../api/documents';
import { KeyFacts } from './key-facts-list';
import { canReadWithOcr } from './ocr-support';
import { JobProgress, jobText, Suggestions } from './suggestion-list';
import { useAnalysisQueue, useAnalysisSnapshot, useDataProcessingConsent } from './use-analysis';
import './analysis.css';

export const ANALYSIS_OFF_TEXT =
  'Analysis is off, so Dossier does not read scans and photos, suggest a category or find expiry dates. It all happens on this device; switch on “Data processing” in Privacy settings to use it.';

/** The text OCR read, which the person can correct (it is what search finds). */
function ReadText({ doc, record }: { doc: DocumentRecord; record: AnalysisRecord }) {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(record.extracted_text ?? '');
  useEffect(() => setDraft(record.extracted_text ?? ''), [record.extracted_text]);
  const save = async () => {
    await saveAnalysis(client, doc.id, { extracted_text: draft.trim() || null, extraction_status: draft.trim() ? 'done' : 'none', text_source: 'person' });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: analysisKeys.detail(doc.id) }),
      queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
    ]);
  };
  return (
    <details className="analysis-text">
      <summary>{record.text_source === 'person' ? 'Text (corrected by you)' : 'Text read on this device'}</summary>
      <TextArea label="Recognised text" rows={6} maxLength={1_000_000} value={draft} onChange={(e) => setDraft(e.target.value)} />
      <Button size="sm" disabled={draft === (record.extracted_text ?? '')} onClick={() => void save()}>
        Save text
      </Button>
    </details>
  );
}

/** The document panel's analysis: progress of reading, suggestions with their source, the text. */
export function AnalysisSection({ doc }: { doc: DocumentRecord }) {
  const client = useSupabase();
  const allowed = useDataProcessingConsent();
  const queue = useAnalysisQueue();
  const snapshot = useAnalysisSnapshot(queue);
  const job = snapshot.jobs.find((j) => j.documentId === doc.id);
  const active = job && (job.status === 'waiting' || job.status === 'reading');
  const record = useQuery({ queryKey: analysisKeys.detail(doc.id), queryFn: () => getAnalysis(client, doc.id), enabled: !active });
  const trashed = Boolean(doc.deleted_at);

  if (!allowed) {
    return (
      <section className="analysis" aria-label="Analysis">
        <p className="notice" role="note">
          {ANALYSIS_OFF_TEXT} <Link to="/privacy-settings">Open Privacy settings</Link>
        </p>
      </section>
    );
  }
  if (trashed) return null;
  const data = record.data;
  const readable = canReadWithOcr(doc.mime_type);
  return (
    <section className="analysis" aria-label="Analysis">
      {active && queue ? <JobProgress job={job} onCancel={() => queue.cancel(doc.id)} /> : null}
      {!active && job && job.status !== 'done' ? <p role="status">{jobText(job)}</p> : null}
      {!active && data && !data.analysed_at ? (
        <Button size="sm" onClick={() => queue?.offer(doc)}>
          {readable ? 'Read text now' : 'Analyse now'}
        </Button>
      ) : null}
      {!active && data?.analysed_at && data.analysis?.no_text && readable && doc.extraction_status !== 'done' ? (
        <p className="notice" role="note">
          No text was found in this {doc.mime_type === 'application/pdf' ? 'PDF' : 'image'}, so only its name, notes and tags are searchable.
        </p>
      ) : null}
      {!active && data ? <Suggestions doc={doc} record={data} /> : null}
      {!active && data ? <KeyFacts doc={doc} text={data.extracted_text} /> : null}
      {!active && data && data.text_source ? <ReadText doc={doc} record={data} /> : null}
    </section>
  );
}
